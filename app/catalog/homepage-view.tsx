import { Box, Button, Card, Container, Flex, Grid, Heading, Section, Text } from "@radix-ui/themes";
import { Link } from "@remix-run/react";
import { onlineCoursePath } from "~/catalog/course-tiles";
import type { loadHomepage } from "~/catalog/homepage.server";
import { Price } from "~/components/price";
import { UpcomingSessionList } from "~/study-sessions/upcoming-session-list";

type HomepageData = Awaited<ReturnType<typeof loadHomepage>>;

/** The homepage (/, /homepage): featured courses, the next live sessions and fresh posts. */
export function HomepageView({ data }: { data: Pick<HomepageData, "featuredCourses" | "latestPosts" | "counts"> & { upcomingSessions: HomepageData["upcomingSessions"] } }) {
  const { featuredCourses, upcomingSessions, latestPosts, counts } = data;
  return (
    <>
      <Section size="2" style={{ background: "var(--accent-2)" }}>
        <Container size="3" px="4">
          <Flex direction="column" gap="4" align="start">
            <Heading as="h1" size="8">
              Ace your courses with people who have taken them
            </Heading>
            <Text as="p" size="4" color="gray">
              Self-paced online courses, live study sessions and tutors for {counts.courses} courses at {counts.schools} schools —
              from K-8 and high school to university, MCAT and LSAT.
            </Text>
            <Flex gap="3" wrap="wrap">
              <Button size="3" asChild>
                <Link to="/courses">Find your course</Link>
              </Button>
            </Flex>
          </Flex>
        </Container>
      </Section>

      <Container size="4" px="4" py="7">
        <Heading as="h2" size="6" mb="4">
          Featured online courses
        </Heading>
        <ul className="tile-list">
          {featuredCourses.map((course) => (
            <li key={course.id}>
              <article className="tile">
                <span className="tile-tags">
                  <span className="tag">{course.course_type.replace("_", " ")}</span>
                </span>
                <h3 className="tile-title">
                  <Link to={onlineCoursePath(course.id)}>{course.name}</Link>
                </h3>
                <p className="tile-meta">{course.description}</p>
                <p className="tile-meta">
                  {course.instructor_name ? `with ${course.instructor_name} · ` : ""}
                  <Price cents={course.price_cents} regularCents={course.regular_price_cents} currency={course.currency} />
                </p>
              </article>
            </li>
          ))}
        </ul>

        <Grid columns={{ initial: "1", md: "2" }} gap="6" mt="8">
          <Box>
            <Heading as="h2" size="6" mb="4">
              Upcoming live study sessions
            </Heading>
            <UpcomingSessionList sessions={upcomingSessions} />
          </Box>
          <Box>
            <Heading as="h2" size="6" mb="4">
              From the blog
            </Heading>
            <Flex direction="column" gap="3" asChild>
              <ul style={{ listStyle: "none", padding: 0, margin: 0 }}>
                {latestPosts.map((post) => (
                  <li key={post.id}>
                    <Card>
                      <Text as="p" weight="bold">
                        <Link to={`/blog/${post.slug}`}>{post.title}</Link>
                      </Text>
                      <Text as="p" size="2" color="gray">
                        {post.excerpt}
                      </Text>
                    </Card>
                  </li>
                ))}
              </ul>
            </Flex>
          </Box>
        </Grid>
      </Container>
    </>
  );
}

