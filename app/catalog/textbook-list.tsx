import { Card, Flex, Heading, Text } from "@radix-ui/themes";

const LEVEL_LABELS = { undergrad: "Undergrad", high_school: "High School", ap: "AP" } as const;

interface Textbook {
  id: number;
  title: string;
  level: keyof typeof LEVEL_LABELS;
  subject: string;
  summary: string;
  chapters: string[];
  online_course_name: string | null;
}

export function TextbookList({ heading, textbooks }: { heading: string; textbooks: Textbook[] }) {
  return (
    <section>
      <Heading as="h2" size="6" mb="4">
        {heading}
      </Heading>
      <Flex direction="column" gap="3" asChild>
        <ul style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {textbooks.map((book) => (
            <li key={book.id}>
              <Card>
                <Heading as="h3" size="4">
                  {book.title}
                </Heading>
                <Text as="p" size="2" color="gray">
                  {LEVEL_LABELS[book.level]} · {book.subject} · {book.chapters.length} chapters
                  {book.online_course_name ? ` · part of ${book.online_course_name}` : ""}
                </Text>
                <Text as="p" size="2">
                  {book.summary}
                </Text>
                <Text as="p" size="2" color="gray">
                  Chapters: {book.chapters.join(", ")}
                </Text>
              </Card>
            </li>
          ))}
        </ul>
      </Flex>
    </section>
  );
}
