import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors, FormField, SelectField } from "~/components/form-field";
import { metaFor } from "~/seo/page-meta";
import { timeZones } from "~/study-sessions/editor-rules";
import { redirectWithToast } from "~/toasts/toast.server";
import { SIGNUP_DONE_MESSAGES } from "~/work-shifts/rules";
import { MAX_SEATS, workShiftSchema } from "~/work-shifts/shift-form";
import { createShift } from "~/work-shifts/work-shifts.server";

const ROUTE = "routes/work-shifts+/new";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, ROUTE);
  return { timeZones: timeZones() };
}

/** POST /work-shifts/new: staff publish a shift, then see it on the list. */
export async function action({ request }: ActionFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  const submission = parseWithZod(await request.formData(), { schema: workShiftSchema() });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const shift = await createShift(submission.value, session.user.id);
  throw await redirectWithToast("/work-shifts", { type: "success", message: SIGNUP_DONE_MESSAGES.created(shift.title) });
}

export default function NewWorkShiftPage() {
  const { timeZones: zones } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    lastResult: answer?.result,
    defaultValue: { time_zone: "UTC", seats: "1" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: workShiftSchema() }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <div className="wrapper wrapper--narrow work-shifts">
      <p>
        <Link to="/work-shifts">All work shifts</Link>
      </p>
      <Form method="post" className="work-shifts__form" {...getFormProps(form)}>
        <h1 className="page-heading">Publish a shift</h1>
        <CsrfInput />
        <FormErrors errors={form.errors} />
        <FormField label="Title" errors={fields.title.errors} {...getInputProps(fields.title, { type: "text" })} maxLength={200} />
        <div className="work-shifts__times">
          <FormField label="Day" errors={fields.day.errors} {...getInputProps(fields.day, { type: "date" })} />
          <FormField label="Starts" errors={fields.start.errors} {...getInputProps(fields.start, { type: "time" })} />
          <FormField label="Ends" errors={fields.end.errors} {...getInputProps(fields.end, { type: "time" })} />
        </div>
        <SelectField label="Time zone of the day and times" errors={fields.time_zone.errors} {...getSelectProps(fields.time_zone)}>
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll("_", " ")}
            </option>
          ))}
        </SelectField>
        <FormField label="Seats" hint={`1 to ${MAX_SEATS}`} inputMode="numeric" errors={fields.seats.errors} {...getInputProps(fields.seats, { type: "number" })} min={1} max={MAX_SEATS} />
        <FormField label="Place (optional)" hint="Empty: online" errors={fields.location.errors} {...getInputProps(fields.location, { type: "text" })} maxLength={200} />
        <div>
          <button type="submit" className="button" aria-disabled={busy ? true : undefined}>
            Publish the shift
          </button>
        </div>
      </Form>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches }) => metaFor(matches, { title: "Publish a work shift", description: "Publish a work shift.", path: "/work-shifts/new", noindex: true });
