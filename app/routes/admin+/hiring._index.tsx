import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Badge, Container, Heading, Text } from "@radix-ui/themes";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import type { z } from "zod";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { EMPLOYMENT_TYPE_LABELS } from "~/careers/careers";
import { HIRING_STAGES, STAGE_LABELS } from "~/careers/hiring";
import { hiringIndexSchema, type positionSchema } from "~/careers/hiring-forms";
import { createPosition, listPositionsForHiring, setPositionOpen } from "~/careers/hiring.server";
import { AdminHeader } from "~/components/admin-header";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors, FormField, SelectField, TextAreaField } from "~/components/form-field";
import type { HiringStage } from "~/db/schema";
import { displayDate, isoOf } from "~/formatting/display";
import { metaFor } from "~/seo/page-meta";
import { redirectWithToast } from "~/toasts/toast.server";

const ROUTE = "routes/admin+/hiring._index";
const HERE = "/admin/hiring";

/** /admin/hiring: every position with its applicants by stage, opening and closing positions, and a new one (jobs managers, admins). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, ROUTE);
  return listPositionsForHiring();
}

/** POST: creates a position, or closes or reopens one. */
export async function action({ request }: ActionFunctionArgs) {
  await requireMutationAccess(request, ROUTE);
  const submission = parseWithZod(await request.formData(), { schema: hiringIndexSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const command = submission.value;
  if (command.intent === "create") {
    const { intent: _intent, ...position } = command;
    await createPosition(position);
    throw await redirectWithToast(HERE, { type: "success", message: `${position.title} is open on the careers page.` }, { status: 303 });
  }
  const open = command.intent === "reopen";
  if (!(await setPositionOpen(command.position_id, open))) return data({ result: submission.reply({ formErrors: ["That position is gone."] }) }, { status: 404 });
  throw await redirectWithToast(HERE, { type: "success", message: open ? "The position is open again." : "The position is closed: it left the careers page." }, { status: 303 });
}

const total = (stages: Record<HiringStage, number>) => HIRING_STAGES.reduce((sum, stage) => sum + stages[stage], 0);

export default function AdminHiringPage() {
  const { positions, general } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm<z.input<typeof positionSchema>>({ id: "new-position", lastResult: answer?.result, shouldValidate: "onBlur" });
  return (
    <Container size="4" px="4" py="6">
      <AdminHeader home={{ to: "/careers", label: "Careers" }} mb="2">
        Hiring
      </AdminHeader>
      <Text as="p" color="gray" mb="4">
        Positions and their applicants by stage. Open a position to move its applicants along and keep notes they never see.
      </Text>
      <FormErrors errors={form.errors} />
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">Position</th>
            <th scope="col">Status</th>
            <th scope="col">Applicants</th>
            {HIRING_STAGES.map((stage) => (
              <th scope="col" key={stage}>
                {STAGE_LABELS[stage]}
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">Open or close</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {positions.map((position) => (
            <tr key={position.id}>
              <th scope="row">
                <Link to={`${HERE}/positions/${position.id}`}>{position.title}</Link> <span className="muted">{position.department}</span>
                <br />
                <Text size="1" color="gray">
                  Posted <time dateTime={isoOf(position.posted_at)}>{displayDate(position.posted_at)}</time>
                </Text>
              </th>
              <td>
                <Badge color={position.open ? "green" : "gray"}>{position.open ? "open" : "closed"}</Badge>
              </td>
              <td>{total(position.stages)}</td>
              {HIRING_STAGES.map((stage) => (
                <td key={stage}>{position.stages[stage]}</td>
              ))}
              <td>
                <Form method="post">
                  <CsrfInput />
                  <input type="hidden" name="position_id" value={position.id} />
                  <button type="submit" name="intent" value={position.open ? "close" : "reopen"} className="button button--soft" disabled={busy}>
                    {position.open ? "Close" : "Reopen"}
                    <span className="visually-hidden"> {position.title}</span>
                  </button>
                </Form>
              </td>
            </tr>
          ))}
          <tr>
            <th scope="row">
              <Link to={`${HERE}/positions/general`}>General applications</Link>
            </th>
            <td />
            <td>{total(general)}</td>
            {HIRING_STAGES.map((stage) => (
              <td key={stage}>{general[stage]}</td>
            ))}
            <td />
          </tr>
        </tbody>
      </table>

      <section aria-labelledby="new-position-heading">
        <Heading as="h2" size="5" id="new-position-heading" mt="6" mb="3">
          New position
        </Heading>
        <Form method="post" className="tutoring-form" {...getFormProps(form)}>
          <CsrfInput />
          <input type="hidden" name="intent" value="create" />
          <FormField label="Title" errors={fields.title.errors} {...getInputProps(fields.title, { type: "text" })} maxLength={120} required />
          <FormField label="Department" errors={fields.department.errors} {...getInputProps(fields.department, { type: "text" })} maxLength={80} required />
          <FormField label="Location" hint="A city, or Remote." errors={fields.location.errors} {...getInputProps(fields.location, { type: "text" })} maxLength={80} required />
          <SelectField label="Employment" errors={fields.employment_type.errors} {...getSelectProps(fields.employment_type)} required>
            {Object.entries(EMPLOYMENT_TYPE_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
          <TextAreaField label="Summary" rows={3} errors={fields.summary.errors} {...getTextareaProps(fields.summary)} required />
          <TextAreaField label="What they will do" hint="One responsibility per line." rows={4} errors={fields.responsibilities.errors} {...getTextareaProps(fields.responsibilities)} required />
          <TextAreaField label="What they bring" hint="One qualification per line." rows={4} errors={fields.qualifications.errors} {...getTextareaProps(fields.qualifications)} required />
          <div>
            <button type="submit" className="button" disabled={busy}>
              Open the position
            </button>
          </div>
        </Form>
      </section>
    </Container>
  );
}

export const meta: MetaFunction = ({ matches }) => metaFor(matches, { title: "Hiring", description: "Positions and applicants.", path: HERE, noindex: true });
