import { Flex } from "@radix-ui/themes";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { contentPageMeta } from "~/site/content-meta";
import { ContentPage } from "~/site/content-page";
import { requireSitePage } from "~/site/pages.server";
import { TextbookList } from "~/site/textbook-list";
import { TEXTBOOK_LEVELS } from "~/site/textbooks";
import { listTextbooks } from "~/site/textbooks.server";
import { guestCacheableHeaders } from "~/utils/guest-cache";

export const headers = guestCacheableHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/textbooks+/_index");
  const [page, textbooks] = await Promise.all([requireSitePage("textbooks"), listTextbooks()]);
  return { page, textbooks };
}

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
