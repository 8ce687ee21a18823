import { requireRouteAccess } from "~/accounts/authorize.server";
import { Button, Container, Flex, Heading, Text } from "@radix-ui/themes";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { Pager } from "~/components/pager";
import { z } from "zod";
import { listCatalogueCourses, listSchoolsWithCourses } from "~/catalog/courses.server";
import { metaFor } from "~/seo/page-meta";
import { guestCacheableHeaders } from "~/utils/guest-cache";

export const headers = guestCacheableHeaders;

const PER_PAGE = 24;

const searchSchema = z.object({
  query: z.string().trim().max(100).optional().catch(undefined),
  school: z.string().trim().max(120).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/courses+/_index");
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const { query, school, page } = searchSchema.parse(params);
  const [{ courses, total }, schools] = await Promise.all([
    listCatalogueCourses({ query: query || undefined, schoolSlug: school || undefined, page, perPage: PER_PAGE }),
    listSchoolsWithCourses(),
  ]);
  return { courses, total, schools, query: query ?? "", school: school ?? "", page, pageCount: Math.max(1, Math.ceil(total / PER_PAGE)) };
}

export default function CourseCatalogue() {
  const { courses, total, schools, query, school, page, pageCount } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  return (
    <Container size="4" px="4" py="6">
      <Heading as="h1" size="8" mb="2">
        Courses
      </Heading>
      <Text as="p" color="gray" mb="5">
        {total} {total === 1 ? "course" : "courses"}
        {query ? ` matching “${query}”` : ""}
      </Text>

      <Form method="get" role="search" aria-label="Search courses">
        <Flex gap="3" wrap="wrap" align="end" mb="6">
          <Flex direction="column" gap="1">
            <label htmlFor="course-query">
              <Text size="2" weight="medium">Course name or code</Text>
            </label>
            <input id="course-query" className="native-input" type="search" name="query" defaultValue={query} placeholder="e.g. Calculus or MATH 137" />
          </Flex>
          <Flex direction="column" gap="1">
            <label htmlFor="course-school">
              <Text size="2" weight="medium">School</Text>
            </label>
            <select id="course-school" className="native-input" name="school" defaultValue={school}>
              <option value="">All schools</option>
              {schools.map((s) => (
                <option key={s.slug} value={s.slug}>
                  {s.name}
                </option>
              ))}
            </select>
          </Flex>
          <Button type="submit" size="3" loading={navigation.state === "loading"}>
            Search
          </Button>
        </Flex>
      </Form>

      {courses.length === 0 ? (
        <Text as="p">No courses match your search. Try a shorter name or another school.</Text>
      ) : (
        <ul className="tile-list">
          {courses.map((course) => (
            <li key={course.id}>
              <Link to={`/courses/${course.slug}`} className="tile">
                <span className="tile-meta">
                  {course.code} · {course.school_name}
                </span>
                <span className="tile-title">{course.name}</span>
                <span className="tile-tags">
                  <span className="tag">{course.subject}</span>
                  {course.high_priority ? <span className="tag tag-highlight">Popular</span> : null}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}

      <Pager page={page} pageCount={pageCount} query={{ query, school }} />
    </Container>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  metaFor(matches, {
    title: "Courses",
    description: "Find your course by school, name or code: online courses, live study sessions and tutors.",
    // Searches and later pages are views of the one catalogue.
    path: "/courses",
  });
