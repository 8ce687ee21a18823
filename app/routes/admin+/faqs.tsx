import { parseWithZod } from "@conform-to/zod/v4";
import { Container, Heading, Text } from "@radix-ui/themes";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { can } from "~/accounts/policy/permissions";
import { viewerFor } from "~/accounts/session.server";
import { AdminHeader } from "~/components/admin-header";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors } from "~/components/form-field";
import { faqAdminSchema, FAQ_PAGES } from "~/faqs/faq-rules";
import { createFaq, deleteFaq, listAllFaqs, moveFaq, updateFaq } from "~/faqs/faqs.server";
import { metaFor } from "~/seo/page-meta";
import { redirectWithToast } from "~/toasts/toast.server";
import { requestNow } from "~/utils/clock.server";

const ROUTE = "routes/admin+/faqs";
const HERE = "/admin/faqs";

/** /admin/faqs: staff (admins, managers) write, edit, delete and order each page's FAQs. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, ROUTE);
  const faqs = await listAllFaqs();
  return { pages: FAQ_PAGES.map((page) => ({ ...page, faqs: faqs.filter((faq) => faq.page === page.key) })) };
}

/** POST: create, update, delete or move (up, down, to the top or bottom) a FAQ; back here with a toast. */
export async function action({ request }: ActionFunctionArgs) {
  const session = await requireMutationAccess(request, ROUTE);
  const submission = parseWithZod(await request.formData(), { schema: faqAdminSchema });
  const refuse = (status: number, message?: string) =>
    data({ result: message ? submission.reply({ formErrors: [message] }) : submission.reply(), faqId: submission.status === "success" && "faq_id" in submission.value ? submission.value.faq_id : null }, { status });
  if (!can(viewerFor(session), "manage_faqs", "faqs")) return refuse(403, "Only staff edit the FAQs.");
  if (submission.status !== "success") return refuse(400);
  const command = submission.value;
  const now = requestNow(request);
  switch (command.intent) {
    case "create": {
      const id = await createFaq({ page: command.page, question: command.question, answer: command.answer, now });
      throw await redirectWithToast(`${HERE}#faq-${id}`, { type: "success", message: "Question added." }, { status: 303 });
    }
    case "update":
      if (!(await updateFaq({ id: command.faq_id, question: command.question, answer: command.answer, now }))) return refuse(404, "That question is gone.");
      throw await redirectWithToast(`${HERE}#faq-${command.faq_id}`, { type: "success", message: "Question saved." }, { status: 303 });
    case "delete":
      if (!(await deleteFaq(command.faq_id))) return refuse(404, "That question is gone.");
      throw await redirectWithToast(HERE, { type: "success", message: "Question deleted." }, { status: 303 });
    case "move": {
      const moved = await moveFaq(command.faq_id, command.direction);
      if (moved === "not-found") return refuse(404, "That question is gone.");
      if (moved === "edge") return refuse(409, command.direction === "up" || command.direction === "top" ? "It is already first." : "It is already last.");
      throw await redirectWithToast(`${HERE}#faq-${command.faq_id}`, { type: "success", message: "Order saved." }, { status: 303 });
    }
  }
}

export default function AdminFaqsPage() {
  const { pages } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const errors = answer?.result.error;
  const messages = errors ? Object.values(errors).flat().filter((message): message is string => Boolean(message)) : undefined;
  return (
    <Container size="3" px="4" py="6">
      <AdminHeader mb="2">
        FAQs
      </AdminHeader>
      <Text as="p" color="gray" mb="5">
        The questions each page shows, in order. Answers are plain text: a blank line starts a new paragraph.
      </Text>
      <FormErrors errors={messages} />
      {pages.map((page) => (
        <section key={page.key} aria-labelledby={`faq-page-${page.key}`} className="admin-faqs__page">
          <Heading as="h2" size="5" id={`faq-page-${page.key}`} mb="2">
            {page.label} <Link to={page.path}>{page.path}</Link>
          </Heading>
          {page.faqs.length === 0 ? <p className="muted">No questions yet.</p> : null}
          <ol className="admin-faqs__list">
            {page.faqs.map((faq, index) => (
              <li key={faq.id} id={`faq-${faq.id}`} className="admin-faqs__item">
                <Form method="post" className="tutoring-form" aria-label={`Edit question ${index + 1} of ${page.label}`}>
                  <CsrfInput />
                  <input type="hidden" name="intent" value="update" />
                  <input type="hidden" name="faq_id" value={faq.id} />
                  <label htmlFor={`faq-question-${faq.id}`}>Question {index + 1}</label>
                  <input type="text" id={`faq-question-${faq.id}`} name="question" defaultValue={faq.question} required minLength={3} maxLength={300} />
                  <label htmlFor={`faq-answer-${faq.id}`}>Answer</label>
                  <textarea id={`faq-answer-${faq.id}`} name="answer" defaultValue={faq.answer} required maxLength={5000} rows={3} />
                  <div>
                    <button type="submit" className="button" disabled={busy}>
                      Save<span className="visually-hidden"> question {index + 1}</span>
                    </button>
                  </div>
                </Form>
                <div className="in-course__row" role="group" aria-label={`Order of question ${index + 1}`}>
                  {index > 0 ? <MoveButton id={faq.id} direction="up" label="Move up" /> : null}
                  {index < page.faqs.length - 1 ? <MoveButton id={faq.id} direction="down" label="Move down" /> : null}
                  <Form method="post">
                    <CsrfInput />
                    <input type="hidden" name="intent" value="delete" />
                    <input type="hidden" name="faq_id" value={faq.id} />
                    <button type="submit" className="button button--outline">
                      Delete<span className="visually-hidden"> question {index + 1}</span>
                    </button>
                  </Form>
                </div>
              </li>
            ))}
          </ol>
          <details>
            <summary>Add a question to {page.label}</summary>
            <Form method="post" className="tutoring-form">
              <CsrfInput />
              <input type="hidden" name="intent" value="create" />
              <input type="hidden" name="page" value={page.key} />
              <label htmlFor={`faq-new-question-${page.key}`}>Question</label>
              <input type="text" id={`faq-new-question-${page.key}`} name="question" required minLength={3} maxLength={300} />
              <label htmlFor={`faq-new-answer-${page.key}`}>Answer</label>
              <textarea id={`faq-new-answer-${page.key}`} name="answer" required maxLength={5000} rows={3} />
              <div>
                <button type="submit" className="button" disabled={busy}>
                  Add the question
                </button>
              </div>
            </Form>
          </details>
        </section>
      ))}
    </Container>
  );
}

function MoveButton({ id, direction, label }: { id: number; direction: "up" | "down"; label: string }) {
  return (
    <Form method="post">
      <CsrfInput />
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="faq_id" value={id} />
      <input type="hidden" name="direction" value={direction} />
      <button type="submit" className="button button--soft">
        {label}
      </button>
    </Form>
  );
}

export const meta: MetaFunction = ({ matches }) => metaFor(matches, { title: "FAQs", description: "Edit and order the FAQs of the pricing, product and help pages.", path: HERE, noindex: true });
