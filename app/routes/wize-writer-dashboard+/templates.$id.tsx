import { Container, Heading, Text } from "@radix-ui/themes";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { viewerFor } from "~/accounts/session.server";
import { CsrfInput } from "~/components/csrf-input";
import { notFound } from "~/errors/not-found.server";
import { metaFor } from "~/seo/page-meta";
import { redirectWithToast } from "~/toasts/toast.server";
import { mayManageTemplates } from "~/writing/essay-access";
import { TEMPLATE_CATEGORY_LABEL } from "~/writing/essays";
import { findTemplate, startEssay } from "~/writing/essays.server";

const ROUTE = "routes/wize-writer-dashboard+/templates.$id";

function templateId(raw: string | undefined) {
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : undefined;
}

/** /wize-writer-dashboard/templates/{id}: a template's prompt and opening text; staff also see unpublished ones. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  const id = templateId(params.id);
  const staff = mayManageTemplates(viewerFor(session));
  const template = id ? await findTemplate(id, { includeUnpublished: staff }) : undefined;
  if (!template) throw notFound("There is no such template.");
  return { template, staff };
}

/** POST: start an essay from this template. */
export async function action({ request, params }: ActionFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  const id = templateId(params.id);
  const essay = id ? await startEssay({ ownerId: session.user.id, templateId: id }) : undefined;
  if (!essay) throw notFound("There is no such template.");
  throw await redirectWithToast(`/wize-writer-dashboard/essays/${essay.id}`, { type: "success", message: "Your essay is started from the template." }, { status: 303 });
}

export default function TemplatePage() {
  const { template, staff } = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";
  return (
    <Container size="3" px="4" py="6">
      <Text as="p" color="gray">
        <Link to="/wize-writer-dashboard">Your essays</Link> › {TEMPLATE_CATEGORY_LABEL[template.category]}
      </Text>
      <Heading as="h1" size="8" mb="2">
        {template.title}
      </Heading>
      {!template.published ? <p className="muted">Not published: students do not see this template.</p> : null}
      <Heading as="h2" size="5" mt="4" mb="2">
        Prompt
      </Heading>
      <p className="writer-prompt">{template.prompt}</p>
      {template.word_limit ? <p>Word limit: {template.word_limit} words.</p> : null}
      {template.body ? (
        <>
          <Heading as="h2" size="5" mt="4" mb="2">
            Your essay starts with
          </Heading>
          <div className="writer-document" dangerouslySetInnerHTML={{ __html: template.body }} />
        </>
      ) : null}
      {template.published ? (
        <Form method="post">
          <CsrfInput />
          <button type="submit" className="button" disabled={busy}>
            Start an essay from this template
          </button>
        </Form>
      ) : null}
      {staff ? (
        <p>
          <Link to={`/admin/writing-templates#template-${template.id}`}>Edit this template</Link>
        </p>
      ) : null}
    </Container>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches, data: loaded, params }) =>
  metaFor(matches, { title: loaded?.template.title ?? "Template", description: "An essay template in Wize Writer.", path: `/wize-writer-dashboard/templates/${params.id}`, noindex: true });
