import { parseWithZod } from "@conform-to/zod/v4";
import { Container, Heading, Text } from "@radix-ui/themes";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { viewerFor } from "~/accounts/session.server";
import { CsrfInput } from "~/components/csrf-input";
import { allMessages, FormErrors, FormField } from "~/components/form-field";
import { displayDateTime, isoOf } from "~/formatting/display";
import { metaFor } from "~/seo/page-meta";
import { redirectWithToast } from "~/toasts/toast.server";
import { mayManageTemplates } from "~/writing/essay-access";
import { newEssaySchema, TEMPLATE_CATEGORIES, TEMPLATE_CATEGORY_LABELS } from "~/writing/essays";
import { essaysSharedWith, myEssays, publishedTemplates, startEssay } from "~/writing/essays.server";

const ROUTE = "routes/wize-writer-dashboard+/_index";

/** /wize-writer-dashboard: the student's essays, essays shared with them, and the templates to start from. */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  const [essays, shared, templates] = await Promise.all([myEssays(session.user.id), essaysSharedWith(session.user.id), publishedTemplates()]);
  return { essays, shared, templates, managesTemplates: mayManageTemplates(viewerFor(session)) };
}

/** POST: a blank essay with the given title. */
export async function action({ request }: ActionFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  const submission = parseWithZod(await request.formData(), { schema: newEssaySchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const essay = (await startEssay({ ownerId: session.user.id, title: submission.value.title }))!;
  throw await redirectWithToast(`/wize-writer-dashboard/essays/${essay.id}`, { type: "success", message: "Your essay is started." }, { status: 303 });
}

export default function WizeWriterDashboard() {
  const { essays, shared, templates, managesTemplates } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <Container size="3" px="4" py="6">
      <Heading as="h1" size="8" mb="2">
        Your essays
      </Heading>
      <Text as="p" color="gray" mb="4">
        Write, keep every version, share with your instructor or tutor, and export. <Link to="/wize-writer">About Wize Writer</Link>
        {managesTemplates ? (
          <>
            {" · "}
            <Link to="/admin/writing-templates">Manage templates</Link>
          </>
        ) : null}
      </Text>
      {essays.length === 0 ? (
        <p className="muted">You have no essays yet. Start one from a template below, or a blank one.</p>
      ) : (
        <ul className="stack-list" aria-label="Your essays">
          {essays.map((essay) => (
            <li key={essay.id}>
              <Link to={`/wize-writer-dashboard/essays/${essay.id}`}>{essay.title}</Link>{" "}
              <span className="muted">
                · edited <time dateTime={isoOf(essay.updated_at)}>{displayDateTime(essay.updated_at)}</time> · version {essay.version}
                {essay.open_comments ? ` · ${essay.open_comments} open ${essay.open_comments === 1 ? "comment" : "comments"}` : ""}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Form method="post" className="inline-form" aria-label="Start a blank essay">
        <CsrfInput />
        <FormErrors errors={allMessages(answer?.result)} />
        <FormField label="Title of a blank essay" name="title" maxLength={120} required />
        <button type="submit" className="button button--soft" disabled={busy}>
          Start a blank essay
        </button>
      </Form>
      {shared.length > 0 ? (
        <section aria-labelledby="shared-heading">
          <Heading as="h2" size="6" id="shared-heading" mt="6" mb="2">
            Shared with you
          </Heading>
          <ul className="stack-list">
            {shared.map((essay) => (
              <li key={essay.id}>
                <Link to={`/wize-writer-dashboard/essays/${essay.id}`}>{essay.title}</Link> <span className="muted">· by {essay.owner_name}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="templates-heading">
        <Heading as="h2" size="6" id="templates-heading" mt="6" mb="2">
          Templates
        </Heading>
        {TEMPLATE_CATEGORIES.map((category) => {
          const inCategory = templates.filter((template) => template.category === category);
          if (inCategory.length === 0) return null;
          return (
            <div key={category}>
              <Heading as="h3" size="4" mt="4" mb="2">
                {TEMPLATE_CATEGORY_LABELS[category]}
              </Heading>
              <ul className="stack-list">
                {inCategory.map((template) => (
                  <li key={template.id}>
                    <Link to={`/wize-writer-dashboard/templates/${template.id}`}>{template.title}</Link>
                    {template.word_limit ? <span className="muted"> · up to {template.word_limit} words</span> : null}
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </section>
    </Container>
  );
}

export const meta: MetaFunction = ({ matches }) => metaFor(matches, { title: "Your essays", description: "Your essays in Wize Writer.", path: "/wize-writer-dashboard", noindex: true });
