import { Container, Heading, Text } from "@radix-ui/themes";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { Pager } from "~/components/pager";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { searchQuerySchema } from "~/search/search";
import { SearchForm } from "~/search/search-form";
import { searchCourses, searchSchools } from "~/search/search.server";
import { metaFor } from "~/seo/page-meta";
import { guestCacheableHeaders } from "~/utils/guest-cache";

export const headers = guestCacheableHeaders;

const PER_PAGE = 20;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/search");
  const { type, query, page } = searchQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const found = type === "school" ? await searchSchools({ query, page, perPage: PER_PAGE }) : await searchCourses({ query, page, perPage: PER_PAGE });
  const results =
    type === "school"
      ? (found.results as Awaited<ReturnType<typeof searchSchools>>["results"]).map((s) => ({
          key: `school-${s.id}`,
          href: `/schools/${s.id}`,
          title: s.name,
          meta: `${s.city}, ${s.region_code}`,
        }))
      : (found.results as Awaited<ReturnType<typeof searchCourses>>["results"]).map((c) => ({
          key: `course-${c.id}`,
          href: `/courses/${c.slug}`,
          title: `${c.code}: ${c.name}`,
          meta: `${c.school_name} · ${c.subject}`,
        }));
  return { type, query, page, total: found.total, results, pageCount: Math.max(1, Math.ceil(found.total / PER_PAGE)) };
}

export default function SearchPage() {
  const { type, query, page, total, results, pageCount } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const noun = type === "school" ? (total === 1 ? "school" : "schools") : total === 1 ? "course" : "courses";
  return (
    <Container size="3" px="4" py="6">
      <Heading as="h1" size="8" mb="4">
        Search
      </Heading>
      <SearchForm type={type} query={query} busy={navigation.state === "loading"} />
      {query ? (
        <Text as="p" mb="4" role="status">
          {total} {noun} matching “{query}”
        </Text>
      ) : (
        <Text as="p" mb="4">
          Type a course name or code, a subject or a school.
        </Text>
      )}
      {results.length > 0 ? (
        <ul className="tile-list" aria-label="Search results">
          {results.map((result) => (
            <li key={result.key}>
              <Link to={result.href} className="tile">
                <span className="tile-title">{result.title}</span>
                <span className="tile-meta">{result.meta}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : query ? (
        <Text as="p">Nothing matches. Try fewer or shorter words{type === "course" ? ", or search schools instead" : ""}.</Text>
      ) : null}
      <Pager page={page} pageCount={pageCount} query={{ type, query }} />
    </Container>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  metaFor(matches, {
    title: data?.query ? `Search: ${data.query}` : "Search",
    description: "Search courses by name, code or subject, and schools by name or city.",
    path: "/search",
    noindex: Boolean(data?.query),
  });
