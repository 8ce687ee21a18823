import { Container, Heading, Text } from "@radix-ui/themes";
import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Fragment } from "react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { onlineCoursePath } from "~/catalog/course-tiles";
import { TextbookCover } from "~/catalog/textbook-cover";
import { levelLabel, levelOfSegment, levelSegment, textbookHref } from "~/catalog/textbooks";
import { findTextbook } from "~/catalog/textbooks.server";
import { notFound, orNotFound } from "~/errors/not-found.server";
import { formatSubject } from "~/formatting/format";
import { metaFor } from "~/seo/page-meta";
import { guestCacheableHeaders } from "~/utils/guest-cache";

/**
 * /textbooks/{level}/{slug}: one textbook, its facts, its chapters with the courses and online
 * courses that use each one, and where to get it. An unknown level or slug is a 404; a known
 * textbook asked for under another level is sent (301) to its one address.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/textbooks+/$level_.$slug");
  const requested = levelOfSegment(params.level ?? "");
  if (!requested) throw notFound("No such textbook level");
  const page = await orNotFound(findTextbook(params.slug ?? ""), "Textbook not found");
  if (page.textbook.level !== requested.level) throw redirect(textbookHref(page.textbook), 301);
  return page;
}

export const headers = guestCacheableHeaders;

export default function TextbookPage() {
  const { textbook, chapters } = useLoaderData<typeof loader>();
  const level = levelLabel(textbook.level);
  const facts = (
    [
      ["Edition", textbook.edition],
      ["Publisher", textbook.publisher],
      ["Published", textbook.publication_year === null ? null : String(textbook.publication_year)],
      ["ISBN-13", textbook.isbn13],
      ["Level", level],
      ["Subject", formatSubject(textbook.subject)],
    ] as [string, string | null][]
  ).filter((fact): fact is [string, string] => fact[1] !== null);
  return (
    <Container size="3" px="4" py="6">
      <Text as="p" color="gray">
        <Link to="/textbooks">Textbooks</Link>
        {" · "}
        <Link to={`/textbooks/${levelSegment(textbook.level)}`}>{level} textbooks</Link>
      </Text>
      <div className="textbook-header">
        <TextbookCover book={textbook} />
        <div>
          <Heading as="h1" size="8" mb="2">
            {textbook.title}
          </Heading>
          {textbook.authors ? (
            <Text as="p" size="4" mb="3">
              by {textbook.authors}
            </Text>
          ) : null}
          <dl className="textbook-facts">
            {facts.map(([name, value]) => (
              <Fragment key={name}>
                <dt>{name}</dt>
                <dd>{value}</dd>
              </Fragment>
            ))}
          </dl>
          <Text as="p" mt="4">
            {textbook.summary}
          </Text>
        </div>
      </div>

      <Heading as="h2" size="6" mt="7" mb="3">
        Chapters
      </Heading>
      {chapters.length === 0 ? (
        <Text as="p" color="gray">
          The chapters of this textbook are not listed yet.
        </Text>
      ) : (
        <ol className="textbook-chapters">
          {chapters.map((chapter) => (
            <li key={chapter.id}>
              <h3 className="textbook-chapter__title">
                Chapter {chapter.number}: {chapter.title}
              </h3>
              {chapter.courses.length === 0 ? (
                <p className="tile-meta">No course on the site uses this chapter yet.</p>
              ) : (
                <>
                  <p className="tile-meta">Used in</p>
                  <ul className="textbook-chapter__courses">
                    {chapter.courses.map((course) => (
                      <li key={course.href}>
                        <Link to={course.href}>{course.name}</Link>
                        {course.school ? (
                          <span className="tile-meta">, {course.school}</span>
                        ) : (
                          <>
                            {" "}
                            <span className="badge">Online course</span>
                          </>
                        )}
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </li>
          ))}
        </ol>
      )}

      <Heading as="h2" size="6" mt="7" mb="3">
        Where to get it
      </Heading>
      <ul className="textbook-sources">
        {textbook.online_course_id !== null && textbook.online_course_name ? (
          <li>
            Online: the interactive edition, <Link to={onlineCoursePath(textbook.online_course_id)}>{textbook.online_course_name}</Link>, with a quiz after every
            section.
          </li>
        ) : null}
        <li>
          In print: ask your campus bookstore
          {textbook.isbn13 ? (
            <>
              {" "}
              for ISBN <span className="textbook-isbn">{textbook.isbn13}</span>
            </>
          ) : null}
          {textbook.publisher ? `, or order it from ${textbook.publisher}` : ""}.
        </li>
        {textbook.isbn13 ? <li>To borrow it: search your library&rsquo;s catalogue for the ISBN.</li> : null}
      </ul>
    </Container>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? metaFor(matches, {
        title: data.textbook.title,
        fullTitle: data.textbook.edition ? `${data.textbook.title}, ${data.textbook.edition}` : undefined,
        description: data.textbook.summary.slice(0, 160),
        path: textbookHref(data.textbook),
      })
    : [{ title: "Textbook not found" }];
