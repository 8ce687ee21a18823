import { Container, Heading, Text } from "@radix-ui/themes";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { Pager } from "~/components/pager";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { searchQuerySchema } from "~/search/search";
import { SearchForm } from "~/search/search-form";
import { searchCourses, searchOnlineCourses, searchSchools } from "~/search/search.server";
import { metaFor } from "~/seo/page-meta";
import { guestCacheableHeaders } from "~/utils/guest-cache";

export const headers = guestCacheableHeaders;

const PER_PAGE = 20;
const ONLINE_COURSE_LIMIT = 10;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/search");
  const { type, query, page } = searchQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [found, onlineCourses] = await Promise.all([
    type === "school" ? searchSchools({ query, page, perPage: PER_PAGE }) : searchCourses({ query, page, perPage: PER_PAGE }),
    // Online courses show above the first page of courses.
    type === "course" && page === 1 ? searchOnlineCourses({ query, limit: ONLINE_COURSE_LIMIT }) : [],
  ]);
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
  const onlineCourseResults = onlineCourses.map((course) => ({
    key: `online-course-${course.id}`,
    href: `/online-courses/${course.id}`,
    title: `${course.course_code}: ${course.name}`,
    meta: `Online course · ${course.course_type.replace("_", " ")}`,
  }));
  return { type, query, page, total: found.total, results, onlineCourses: onlineCourseResults, pageCount: Math.max(1, Math.ceil(found.total / PER_PAGE)) };
}

export default function SearchPage() {
  const { type, query, page, total, results, onlineCourses, pageCount } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const noun = type === "school" ? (total === 1 ? "school" : "schools") : total === 1 ? "course" : "courses";
  const onlineNoun = onlineCourses.length === 1 ? "online course" : "online courses";
  return (
    <Container size="3" px="4" py="6">
      <Heading as="h1" size="8" mb="4">
        Search
      </Heading>
      <SearchForm type={type} query={query} busy={navigation.state === "loading"} />
      {query ? (
        <Text as="p" mb="4" role="status">
          {onlineCourses.length > 0 ? `${onlineCourses.length} ${onlineNoun} and ` : ""}
          {total} {noun} matching “{query}”
        </Text>
      ) : (
        <Text as="p" mb="4">
          Type a course name or code, a subject or a school.
        </Text>
      )}
      {onlineCourses.length > 0 ? (
        <section aria-labelledby="search-online-courses">
          <Heading as="h2" size="5" mb="3" id="search-online-courses">
            Online courses
          </Heading>
          <ResultList results={onlineCourses} />
        </section>
      ) : null}
      {results.length > 0 ? (
        onlineCourses.length > 0 ? (
          <section aria-labelledby="search-courses">
            <Heading as="h2" size="5" mb="3" mt="5" id="search-courses">
              Courses
            </Heading>
            <ResultList label="Search results" results={results} />
          </section>
        ) : (
          <ResultList label="Search results" results={results} />
        )
      ) : query && onlineCourses.length === 0 ? (
        <Text as="p">Nothing matches. Try fewer or shorter words{type === "course" ? ", or search schools instead" : ""}.</Text>
      ) : null}
      <Pager page={page} pageCount={pageCount} query={{ type, query }} />
    </Container>
  );
}

function ResultList({ label, results }: { label?: string; results: { key: string; href: string; title: string; meta: string }[] }) {
  return (
    <ul className="tile-list" aria-label={label}>
      {results.map((result) => (
        <li key={result.key}>
          <Link to={result.href} className="tile">
            <span className="tile-title">{result.title}</span>
            <span className="tile-meta">{result.meta}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  metaFor(matches, {
    title: data?.query ? `Search: ${data.query}` : "Search",
    description: "Search courses by name, code or subject, and schools by name or city.",
    path: "/search",
    noindex: Boolean(data?.query),
  });
