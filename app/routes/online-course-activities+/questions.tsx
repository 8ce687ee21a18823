import { Badge, Button, Card, Container, Flex, Heading, Text } from "@radix-ui/themes";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Pager } from "~/components/pager";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { viewerOf } from "~/accounts/session.server";
import { FormField, SelectField } from "~/components/form-field";
import { db } from "~/db/db.server";
import { ACTIVITY_TYPE_LABELS, ACTIVITY_TYPES, questionFiltersSchema } from "~/online-courses/editor-forms";
import { searchQuestions } from "~/online-courses/question-bank.server";

/** GET /online-course-activities/questions?course=&type=&query=&page=: the question bank, filtered and paged. */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = await requireRouteAccess(request, "routes/online-course-activities+/questions");
  const url = new URL(request.url);
  const filters = questionFiltersSchema.parse(Object.fromEntries(url.searchParams));
  const result = await searchQuestions(db(), viewerOf(session.user), filters);
  return { filters, ...result };
}

const LETTERS = "ABCDEFGHIJ";

export default function QuestionBankPage() {
  const { filters, total, pages, questions, courses } = useLoaderData<typeof loader>();
  return (
    <Container size="3" px="4" py="6">
      <Flex direction="column" gap="4">
        <Heading as="h1" size="7">
          Question bank
        </Heading>
        <Card>
          <Form method="get" role="search" aria-label="Filter questions">
            <Flex gap="3" wrap="wrap" align="end">
              <SelectField label="Course" name="course" defaultValue={filters.course ? String(filters.course) : ""}>
                <option value="">All courses</option>
                {courses.map((course) => (
                  <option key={course.id} value={course.id}>
                    {course.name}
                  </option>
                ))}
              </SelectField>
              <SelectField label="Activity type" name="type" defaultValue={filters.type ?? ""}>
                <option value="">All types</option>
                {ACTIVITY_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {ACTIVITY_TYPE_LABELS[type]}
                  </option>
                ))}
              </SelectField>
              <FormField label="Search" name="query" type="search" defaultValue={filters.query ?? ""} />
              <Button type="submit">Filter</Button>
            </Flex>
          </Form>
        </Card>
        <Text as="p" role="status">
          {total === 1 ? "1 question" : `${total} questions`}
          {pages > 1 ? ` · page ${Math.min(filters.page, pages)} of ${pages}` : ""}
        </Text>
        <ol className="editor-list" start={(filters.page - 1) * 20 + 1}>
          {questions.map((question) => (
            <li key={question.id}>
              <Card>
                <Flex direction="column" gap="2">
                  <Text weight="medium">{question.prompt}</Text>
                  <ol type="A">
                    {question.choices.map((choice, index) => (
                      <li key={index}>
                        {choice}
                        {index === question.answer_index ? <Badge ml="2" color="green">Answer</Badge> : null}
                      </li>
                    ))}
                  </ol>
                  <Text size="2" color="gray">
                    {question.course_name} · {question.activity_title} · {ACTIVITY_TYPE_LABELS[question.activity_type]} · answer {LETTERS[question.answer_index]}
                  </Text>
                </Flex>
              </Card>
            </li>
          ))}
        </ol>
        <Pager page={filters.page} pageCount={pages} query={{ course: filters.course, type: filters.type, query: filters.query }} />
      </Flex>
    </Container>
  );
}

export const meta: MetaFunction = () => [{ title: "Question bank — Marketplace" }, { name: "robots", content: "noindex" }];
