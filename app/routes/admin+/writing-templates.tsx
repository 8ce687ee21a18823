import { parseWithZod } from "@conform-to/zod/v4";
import { Container } from "@radix-ui/themes";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { mayOpen } from "~/accounts/policy/route-rules";
import { viewerFor } from "~/accounts/session.server";
import { AdminHeader } from "~/components/admin-header";
import { CsrfInput } from "~/components/csrf-input";
import { allMessages, FormErrors, FormField, SelectField, TextAreaField } from "~/components/form-field";
import { metaFor } from "~/seo/page-meta";
import { redirectWithToast } from "~/toasts/toast.server";
import { essayMarkdown, markdownEssayHtml } from "~/writing/essay-html.server";
import { TEMPLATE_CATEGORIES, TEMPLATE_CATEGORY_LABEL, templateSchema } from "~/writing/essays";
import { allTemplates, createTemplate, updateTemplate } from "~/writing/essays.server";

const ROUTE = "routes/admin+/writing-templates";
const HERE = "/admin/writing-templates";

/** /admin/writing-templates: the writing tool's templates, published or not; write a new one or change one. */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  const templates = await allTemplates();
  return {
    templates: templates.map((template) => ({ ...template, markdown: essayMarkdown(template.body) })),
    adminHome: mayOpen(viewerFor(session), "routes/admin+/_index"),
  };
}

/** POST: create or update a template (the opening text arrives as Markdown). */
export async function action({ request }: ActionFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  const submission = parseWithZod(await request.formData(), { schema: templateSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { intent, id, body, ...rest } = submission.value;
  const input = { ...rest, body: markdownEssayHtml(body) };
  if (intent === "create") {
    await createTemplate(input, session.user.id);
    throw await redirectWithToast(HERE, { type: "success", message: `Template “${input.title}” is saved${input.published ? " and published" : ""}.` }, { status: 303 });
  }
  const updated = id ? await updateTemplate(id, input) : undefined;
  if (!updated) return data({ result: submission.reply({ formErrors: ["There is no such template."] }) }, { status: 404 });
  throw await redirectWithToast(HERE, { type: "success", message: `Template “${input.title}” is saved.` }, { status: 303 });
}

type Template = ReturnType<typeof useLoaderData<typeof loader>>["templates"][number];

function TemplateFields({ template, prefix }: { template?: Template; prefix: string }) {
  return (
    <>
      <FormField label="Title" id={`${prefix}-title`} name="title" defaultValue={template?.title} maxLength={120} required />
      <SelectField label="Category" id={`${prefix}-category`} name="category" defaultValue={template?.category ?? "personal_statement"}>
        {TEMPLATE_CATEGORIES.map((category) => (
          <option key={category} value={category}>
            {TEMPLATE_CATEGORY_LABEL[category]}
          </option>
        ))}
      </SelectField>
      <TextAreaField label="Prompt" id={`${prefix}-prompt`} name="prompt" rows={3} maxLength={2000} defaultValue={template?.prompt} required />
      <TextAreaField
        label="Opening text"
        id={`${prefix}-body`}
        name="body"
        rows={6}
        defaultValue={template?.markdown}
        hint="What a student's essay starts with (an outline, guiding questions). Markdown: **bold**, *italic*, “## ” heading, “- ” list."
      />
      <FormField label="Word limit" id={`${prefix}-limit`} name="word_limit" type="number" min={1} max={20000} defaultValue={template?.word_limit ?? ""} hint="Leave empty for none." />
      <label className="checkbox-label">
        <input type="checkbox" name="published" defaultChecked={template?.published ?? false} /> Published: students see it and can start from it
      </label>
    </>
  );
}

export default function WritingTemplatesPage() {
  const { templates, adminHome } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <Container size="3" px="4" py="6">
      <AdminHeader home={adminHome ? { to: "/admin", label: "Admin" } : { to: "/wize-writer-dashboard", label: "Wize Writer" }}>Writing templates</AdminHeader>
      <FormErrors errors={allMessages(answer?.result)} />
      <h2 className="section-heading">Templates ({templates.length})</h2>
      <ul className="stack-list">
        {templates.map((template) => (
          <li key={template.id} id={`template-${template.id}`}>
            <p>
              <Link to={`/wize-writer-dashboard/templates/${template.id}`}>{template.title}</Link> — {TEMPLATE_CATEGORY_LABEL[template.category]}
              {template.published ? "" : " · not published"}
            </p>
            <details>
              <summary>
                Edit<span className="visually-hidden"> {template.title}</span>
              </summary>
              <Form method="post" className="stack">
                <CsrfInput />
                <input type="hidden" name="intent" value="update" />
                <input type="hidden" name="id" value={template.id} />
                <TemplateFields template={template} prefix={`template-${template.id}`} />
                <p>
                  <button type="submit" className="button" disabled={busy}>
                    Save template
                  </button>
                </p>
              </Form>
            </details>
          </li>
        ))}
      </ul>
      <h2 className="section-heading">New template</h2>
      <Form method="post" className="stack" aria-label="New template">
        <CsrfInput />
        <input type="hidden" name="intent" value="create" />
        <TemplateFields prefix="new" />
        <p>
          <button type="submit" className="button" disabled={busy}>
            Create template
          </button>
        </p>
      </Form>
    </Container>
  );
}

export const meta: MetaFunction = ({ matches }) => metaFor(matches, { title: "Writing templates", description: "The writing tool's essay templates.", path: HERE, noindex: true });
