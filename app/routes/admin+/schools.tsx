import { parseWithZod } from "@conform-to/zod/v4";
import { Container, Heading } from "@radix-ui/themes";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { auditedRequest } from "~/accounts/audit.server";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { createSchool, listSchoolsForAdmin, schoolChoices, updateSchool } from "~/catalog/catalogue-admin.server";
import { COUNTRY_CODES, SCHOOL_TYPES, schoolAdminSchema } from "~/catalog/catalogue-forms";
import { mergeSchools } from "~/catalog/merge.server";
import { AdminHeader } from "~/components/admin-header";
import { CsrfInput } from "~/components/csrf-input";
import { allMessages, FormErrors } from "~/components/form-field";
import { MergeDuplicatesForm } from "~/components/merge-duplicates-form";
import { redirectWithToast } from "~/toasts/toast.server";
import { parseRecordId } from "~/utils/record-id";

const ROUTE = "routes/admin+/schools";
const HERE = "/admin/schools";

/** /admin/schools (SPEC §3 schools): search, create, edit (?edit={id}) and merge duplicates. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, ROUTE);
  const url = new URL(request.url);
  const query = url.searchParams.get("query")?.trim().slice(0, 100) || undefined;
  const [schools, choices] = await Promise.all([listSchoolsForAdmin(query), schoolChoices()]);
  const editId = parseRecordId(url.searchParams.get("edit"));
  const editing = editId === null ? null : (await listSchoolsForAdmin(undefined)).find((school) => school.id === editId) ?? null;
  const mergeChoices = choices.map((school) => ({ id: school.id, label: `${school.name}, ${school.city} (#${school.id})` }));
  return { schools, mergeChoices, query: query ?? "", editing };
}

/** POST: create, update or merge (the duplicate's users, courses and everything else move to the school kept). */
export async function action({ request }: ActionFunctionArgs) {
  const session = await requireRouteAccess(request, ROUTE);
  const submission = parseWithZod(await request.formData(), { schema: schoolAdminSchema });
  const refuse = (status: number, message?: string) => data({ result: message ? submission.reply({ formErrors: [message] }) : submission.reply() }, { status });
  if (submission.status !== "success") return refuse(400);
  const command = submission.value;
  const actor = { actorId: session.user.id, request: auditedRequest(request.method, request.url) };
  switch (command.intent) {
    case "create": {
      const { intent: _, ...fields } = command;
      const id = await createSchool(fields, actor);
      throw await redirectWithToast(`${HERE}?edit=${id}`, { type: "success", message: `School ${fields.name} created.` }, { status: 303 });
    }
    case "update": {
      const { intent: _, school_id, ...fields } = command;
      if (!(await updateSchool(school_id, fields, actor))) return refuse(404, "That school is gone (merged or deleted).");
      throw await redirectWithToast(HERE, { type: "success", message: `School ${fields.name} saved.` }, { status: 303 });
    }
    case "merge": {
      const outcome = await mergeSchools(command.duplicate_id, command.kept_id, actor);
      if (outcome.kind === "same") return refuse(400, "Choose two different schools: the duplicate and the one to keep.");
      if (outcome.kind === "not-found") return refuse(404, "One of those schools is gone (merged or deleted meanwhile).");
      throw await redirectWithToast(HERE, { type: "success", message: "Schools merged: everything of the duplicate now belongs to the school kept." }, { status: 303 });
    }
  }
}

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;

export default function AdminSchoolsPage() {
  const { schools, mergeChoices, query, editing } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const errors = allMessages(answer?.result);
  return (
    <Container size="4" px="4" py="6">
      <AdminHeader>
        Schools
      </AdminHeader>
      <FormErrors errors={errors} />

      {editing ? (
        <section aria-labelledby="edit-heading">
          <Heading as="h2" size="5" id="edit-heading" mb="2">
            Edit {editing.name}
          </Heading>
          <SchoolForm intent="update" school={editing} busy={busy} />
          <p>
            <Link to={HERE} className="button button--soft">
              Close
            </Link>
          </p>
        </section>
      ) : null}

      <MergeDuplicatesForm
        noun="school"
        nouns="schools"
        explanation="The duplicate's students, courses, online courses and partners move to the school kept; courses with the same code become one. The duplicate is then deleted."
        choices={mergeChoices}
        busy={busy}
      />

      <details>
        <summary>Add a school</summary>
        <SchoolForm intent="create" busy={busy} />
      </details>

      <section aria-labelledby="list-heading">
        <Heading as="h2" size="5" id="list-heading" mt="4" mb="2">
          All schools
        </Heading>
        <Form method="get" role="search" aria-label="Search schools" className="inline-form">
          <label htmlFor="school-query">Name</label>
          <input id="school-query" className="native-input" type="search" name="query" defaultValue={query} maxLength={100} />
          <button type="submit" className="button button--soft">
            Search
          </button>
        </Form>
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Type</th>
              <th scope="col">Place</th>
              <th scope="col">Users</th>
              <th scope="col">Courses</th>
            </tr>
          </thead>
          <tbody>
            {schools.map((school) => (
              <tr key={school.id}>
                <th scope="row">
                  <Link to={`${HERE}?edit=${school.id}`} aria-label={`Edit ${school.name} (#${school.id})`}>
                    {school.name}
                  </Link>{" "}
                  <span className="muted">#{school.id}</span>
                </th>
                <td>{school.school_type.replace(/_/g, " ")}</td>
                <td>
                  {school.city}, {school.region_code}, {school.country_code}
                </td>
                <td>{school.user_count ?? 0}</td>
                <td>{school.course_count ?? 0}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {schools.length === 0 ? <p>No schools match.</p> : null}
      </section>
    </Container>
  );
}

function SchoolForm({ intent, school, busy }: { intent: "create" | "update"; school?: NonNullable<Loaded["editing"]>; busy: boolean }) {
  const id = (name: string) => `${intent}-school-${name}`;
  return (
    <Form method="post" className="tutoring-form">
      <CsrfInput />
      <input type="hidden" name="intent" value={intent} />
      {school ? <input type="hidden" name="school_id" value={school.id} /> : null}
      <label htmlFor={id("name")}>Name</label>
      <input id={id("name")} name="name" type="text" required maxLength={200} defaultValue={school?.name} />
      <label htmlFor={id("short")}>Short name</label>
      <input id={id("short")} name="short_name" type="text" maxLength={40} defaultValue={school?.short_name ?? ""} />
      <label htmlFor={id("type")}>Type</label>
      <select id={id("type")} name="school_type" className="native-input" defaultValue={school?.school_type ?? "university"}>
        {SCHOOL_TYPES.map((type) => (
          <option key={type} value={type}>
            {type.replace(/_/g, " ")}
          </option>
        ))}
      </select>
      <label htmlFor={id("country")}>Country</label>
      <select id={id("country")} name="country_code" className="native-input" defaultValue={school?.country_code ?? "CA"}>
        {COUNTRY_CODES.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </select>
      <label htmlFor={id("region")}>Region (province or state code)</label>
      <input id={id("region")} name="region_code" type="text" required maxLength={10} defaultValue={school?.region_code} />
      <label htmlFor={id("city")}>City</label>
      <input id={id("city")} name="city" type="text" required maxLength={100} defaultValue={school?.city} />
      <div>
        <button type="submit" className="button" disabled={busy}>
          {intent === "create" ? "Add the school" : "Save the school"}
        </button>
      </div>
    </Form>
  );
}

export const meta: MetaFunction = () => [{ title: "Schools — Admin — Marketplace" }, { name: "robots", content: "noindex" }];
