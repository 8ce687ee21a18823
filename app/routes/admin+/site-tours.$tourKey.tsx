import { parseWithZod } from "@conform-to/zod/v4";
import { Container, Heading, Text } from "@radix-ui/themes";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { FormEvent } from "react";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { AdminHeader } from "~/components/admin-header";
import { CsrfInput } from "~/components/csrf-input";
import { allMessages, FormErrors } from "~/components/form-field";
import { SELECTOR_MAX_LENGTH, tourStepSchema, TOUR_NAMES } from "~/site-tours/step-rules";
import { addTourStep, editableTour, moveTourStep, removeTourStep, updateTourStep } from "~/site-tours/tour-editing.server";
import { isSiteTourKey } from "~/site-tours/tours";
import { redirectWithToast } from "~/toasts/toast.server";

const ROUTE = "routes/admin+/site-tours.$tourKey";

async function tourOf(key: string | undefined) {
  const tour = isSiteTourKey(key) ? await editableTour(key) : null;
  if (!tour)
    throw new Response("No such site tour.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  return tour;
}

/** /admin/site-tours/{tour}: a tour's steps in order, each editable, removable and movable, and a form to add one (SPEC §4). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRouteAccess(request, ROUTE);
  const tour = await tourOf(params.tourKey);
  return { tour: { ...tour, name: TOUR_NAMES[tour.key] } };
}

/** POST: add, change, remove or move a step; back here with a toast. */
export async function action({ request, params }: ActionFunctionArgs) {
  await requireMutationAccess(request, ROUTE);
  const tour = await tourOf(params.tourKey);
  const submission = parseWithZod(await request.formData(), {
    schema: tourStepSchema,
  });
  const refuse = (status: number, message?: string) =>
    data(
      {
        result: message ? submission.reply({ formErrors: [message] }) : submission.reply(),
      },
      { status }
    );
  if (submission.status !== "success") return refuse(400);
  const command = submission.value;
  const here = `/admin/site-tours/${tour.key}`;
  switch (command.intent) {
    case "add": {
      const id = await addTourStep(tour.id, {
        selector: command.selector,
        title: command.title,
        body: command.body,
        position: command.position,
      });
      if (id === null) return refuse(404, "This tour is gone.");
      throw await redirectWithToast(`${here}#step-${id}`, { type: "success", message: "Step added." }, { status: 303 });
    }
    case "update":
      if (
        !(await updateTourStep(tour.id, command.step_id, {
          selector: command.selector,
          title: command.title,
          body: command.body,
        }))
      )
        return refuse(404, "That step is gone.");
      throw await redirectWithToast(`${here}#step-${command.step_id}`, { type: "success", message: "Step saved." }, { status: 303 });
    case "remove":
      if (!(await removeTourStep(tour.id, command.step_id))) return refuse(404, "That step is gone.");
      throw await redirectWithToast(here, { type: "success", message: "Step removed." }, { status: 303 });
    case "move": {
      const moved = await moveTourStep(tour.id, command.step_id, command.direction);
      if (moved === "not-found") return refuse(404, "That step is gone.");
      if (moved === "edge") return refuse(409, command.direction === "up" ? "It is already the first step." : "It is already the last step.");
      throw await redirectWithToast(`${here}#step-${command.step_id}`, { type: "success", message: "Order saved." }, { status: 303 });
    }
  }
}

/** With scripts, the browser's own parser checks the selector before the form is sent (the server checks again). */
function checkSelector(event: FormEvent<HTMLFormElement>) {
  const field = event.currentTarget.elements.namedItem("selector");
  if (!(field instanceof HTMLInputElement)) return;
  try {
    document.querySelector(field.value);
    field.setCustomValidity("");
  } catch {
    field.setCustomValidity("This is not a CSS selector the browser understands.");
    field.reportValidity();
    event.preventDefault();
  }
}

function StepFields({ prefix, step }: { prefix: string; step?: { selector: string; title: string; body: string } }) {
  return (
    <>
      <label htmlFor={`${prefix}-selector`}>CSS selector of the element</label>
      <input
        type="text"
        id={`${prefix}-selector`}
        name="selector"
        defaultValue={step?.selector}
        required
        maxLength={SELECTOR_MAX_LENGTH}
        spellCheck={false}
        onInput={(event) => event.currentTarget.setCustomValidity("")}
      />
      <label htmlFor={`${prefix}-title`}>Title</label>
      <input type="text" id={`${prefix}-title`} name="title" defaultValue={step?.title} required maxLength={200} />
      <label htmlFor={`${prefix}-body`}>Text</label>
      <textarea id={`${prefix}-body`} name="body" defaultValue={step?.body} required maxLength={2000} rows={2} />
    </>
  );
}

export default function AdminSiteTourPage() {
  const { tour } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const count = tour.steps.length;
  return (
    <Container size="3" px="4" py="6">
      <AdminHeader mb="2" trail={[{ to: "/admin/site-tours", label: "Site tours" }]}>
        {tour.name}
      </AdminHeader>
      <Text as="p" color="gray" mb="4">
        {count} {count === 1 ? "step" : "steps"}, shown in this order. A selector such as <code>[data-tour=&quot;logo&quot;]</code> names the element the step points at; a step whose element is not on
        the page is skipped. <Link to={`/site-tour?tour=${tour.key}`}>See the tour as a page</Link>.
      </Text>
      <FormErrors errors={allMessages(answer?.result)} />
      {count === 0 ? <p className="muted">No steps yet.</p> : null}
      <ol className="admin-faqs__list">
        {tour.steps.map((step, index) => (
          <li key={step.id} id={`step-${step.id}`} className="admin-faqs__item">
            <Form method="post" className="tutoring-form" aria-label={`Edit step ${index + 1}`} onSubmit={checkSelector}>
              <CsrfInput />
              <input type="hidden" name="intent" value="update" />
              <input type="hidden" name="step_id" value={step.id} />
              <Heading as="h2" size="4">
                Step {index + 1}: {step.title}
              </Heading>
              <StepFields prefix={`step-${step.id}`} step={step} />
              <div>
                <button type="submit" className="button" disabled={busy}>
                  Save<span className="visually-hidden"> step {index + 1}</span>
                </button>
              </div>
            </Form>
            <div className="in-course__row" role="group" aria-label={`Order of step ${index + 1}`}>
              {index > 0 ? <StepButton id={step.id} intent="move" direction="up" label="Move up" number={index + 1} /> : null}
              {index < count - 1 ? <StepButton id={step.id} intent="move" direction="down" label="Move down" number={index + 1} /> : null}
              <StepButton id={step.id} intent="remove" label="Remove" number={index + 1} outline />
            </div>
          </li>
        ))}
      </ol>
      <section aria-labelledby="add-step-heading">
        <Heading as="h2" size="5" id="add-step-heading" mt="5" mb="2">
          Add a step
        </Heading>
        <Form method="post" className="tutoring-form" onSubmit={checkSelector}>
          <CsrfInput />
          <input type="hidden" name="intent" value="add" />
          <StepFields prefix="new-step" />
          <label htmlFor="new-step-position">Position (1 is first; empty for last)</label>
          <input type="number" id="new-step-position" name="position" min={1} max={count + 1} inputMode="numeric" />
          <div>
            <button type="submit" className="button" disabled={busy}>
              Add the step
            </button>
          </div>
        </Form>
      </section>
    </Container>
  );
}

function StepButton({ id, intent, direction, label, number, outline }: { id: number; intent: "move" | "remove"; direction?: "up" | "down"; label: string; number: number; outline?: boolean }) {
  return (
    <Form method="post">
      <CsrfInput />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="step_id" value={id} />
      {direction ? <input type="hidden" name="direction" value={direction} /> : null}
      <button type="submit" className={outline ? "button button--outline" : "button button--soft"}>
        {label}
        <span className="visually-hidden"> step {number}</span>
      </button>
    </Form>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  {
    title: `${loaded?.tour.name ?? "Site tour"} — Site tours — Admin — Marketplace`,
  },
  { name: "robots", content: "noindex" },
];
