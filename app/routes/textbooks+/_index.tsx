import { Flex } from "@radix-ui/themes";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { contentPageMeta } from "~/content/content-meta";
import { ContentPage } from "~/content/content-page";
import { findSitePage } from "~/content/pages.server";
import { orNotFound } from "~/errors/not-found.server";
import { TextbookList } from "~/catalog/textbook-list";
import { TEXTBOOK_LEVELS } from "~/catalog/textbooks";
import { listTextbooks } from "~/catalog/textbooks.server";
import { guestCacheableHeaders } from "~/utils/guest-cache";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/textbooks+/_index");
  const [page, textbooks] = await Promise.all([orNotFound(findSitePage("textbooks")), listTextbooks()]);
  return { page, textbooks };
}

export const headers = guestCacheableHeaders;

export default function TextbooksPage() {
  const { page, textbooks } = useLoaderData<typeof loader>();
  return (
    <ContentPage page={page}>
      <nav aria-label="Textbook levels">
        <Flex gap="4" mb="5">
          {Object.entries(TEXTBOOK_LEVELS).map(([segment, { label }]) => (
            <Link key={segment} to={`/textbooks/${segment}`}>
              {label} textbooks
            </Link>
          ))}
        </Flex>
      </nav>
      <TextbookList heading="All textbooks" textbooks={textbooks} />
    </ContentPage>
  );
}

export const meta = contentPageMeta("/textbooks");
