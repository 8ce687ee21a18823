import { Container, Heading, Text } from "@radix-ui/themes";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { notFound } from "~/errors/not-found.server";
import { displayDateTime, isoOf } from "~/formatting/display";
import { metaFor } from "~/seo/page-meta";
import { sanitizeEssayHtml } from "~/writing/essay-html.server";
import { essayVersion } from "~/writing/essays.server";
import { essayFor } from "./essay-page.server";

/** /wize-writer-dashboard/essays/{id}/versions/{n}: one saved version as it was, to read or restore (the owner's only). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { essay } = await essayFor(request, params, "edit", "routes/wize-writer-dashboard+/essays.$id_.versions.$version");
  const number = Number(params.version);
  const version = Number.isSafeInteger(number) && number > 0 && number <= 2_147_483_647 ? await essayVersion(essay.id, number) : undefined;
  if (!version) throw notFound("There is no such version.");
  return {
    essay: { id: essay.id, title: essay.title, version: essay.version },
    version: { number: version.version, body: sanitizeEssayHtml(version.body), words: version.words, characters: version.characters, created_at: version.created_at, restored_from: version.restored_from },
  };
}

export default function EssayVersionPage() {
  const { essay, version } = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";
  return (
    <Container size="3" px="4" py="6">
      <Text as="p" color="gray">
        <Link to="/wize-writer-dashboard">Your essays</Link> › <Link to={`/wize-writer-dashboard/essays/${essay.id}`}>{essay.title}</Link>
      </Text>
      <Heading as="h1" size="8" mb="2">
        Version {version.number} of {essay.title}
      </Heading>
      <Text as="p" color="gray" mb="4">
        Saved <time dateTime={isoOf(version.created_at)}>{displayDateTime(version.created_at)}</time> · {version.words} words · {version.characters} characters
        {version.restored_from ? ` · restored from version ${version.restored_from}` : ""}
      </Text>
      <div className="writer-document writer-document--read" dangerouslySetInnerHTML={{ __html: version.body }} />
      {version.number === essay.version ? (
        <p className="muted">This is the current version.</p>
      ) : (
        <Form method="post" action={`/wize-writer-dashboard/essays/${essay.id}`}>
          <CsrfInput />
          <input type="hidden" name="intent" value="restore" />
          <input type="hidden" name="version" value={version.number} />
          <button type="submit" className="button" disabled={busy}>
            Restore this version
          </button>
        </Form>
      )}
    </Container>
  );
}

export const meta: MetaFunction = ({ matches, params }) =>
  metaFor(matches, { title: `Version ${params.version}`, description: "A saved version of an essay.", path: `/wize-writer-dashboard/essays/${params.id}/versions/${params.version}`, noindex: true });
