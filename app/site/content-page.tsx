import { Box, Button, Container, Flex, Heading, Section, Text } from "@radix-ui/themes";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { SitePageSection } from "~/db/schema";

/** What a content page shows (the serialised row of site_pages). */
export interface ContentPageData {
  headline: string;
  intro: string;
  sections: SitePageSection[];
  cta_label: string | null;
  cta_href: string | null;
}

/** The hero of a content page: its headline, intro and call to action. */
export function ContentHero({ page, children }: { page: ContentPageData; children?: ReactNode }) {
  return (
    <Section size="2" style={{ background: "var(--accent-2)" }}>
      <Container size="3" px="4">
        <Flex direction="column" gap="4" align="start">
          <Heading as="h1" size="8">
            {page.headline}
          </Heading>
          <Text as="p" size="4">
            {page.intro}
          </Text>
          {page.cta_label && page.cta_href ? (
            <Button size="3" asChild>
              <Link to={page.cta_href}>{page.cta_label}</Link>
            </Button>
          ) : null}
          {children}
        </Flex>
      </Container>
    </Section>
  );
}

export function ContentSections({ sections }: { sections: SitePageSection[] }) {
  if (sections.length === 0) return null;
  return (
    <Flex direction="column" gap="6">
      {sections.map((section) => (
        <Box asChild key={section.heading}>
          <section>
            <Heading as="h2" size="6" mb="2">
              {section.heading}
            </Heading>
            {section.body.map((paragraph) => (
              <Text as="p" mb="2" key={paragraph}>
                {paragraph}
              </Text>
            ))}
            {section.items?.length ? (
              <ul>
                {section.items.map((item) => (
                  <li key={item}>
                    <Text>{item}</Text>
                  </li>
                ))}
              </ul>
            ) : null}
          </section>
        </Box>
      ))}
    </Flex>
  );
}

/** A whole content page: hero, sections, then whatever the route adds from its own data. */
export function ContentPage({ page, children }: { page: ContentPageData; children?: ReactNode }) {
  return (
    <>
      <ContentHero page={page} />
      <Container size="3" px="4" py="7">
        <ContentSections sections={page.sections} />
        {children ? <Box mt="7">{children}</Box> : null}
      </Container>
    </>
  );
}

/** A titled list of links shown as tiles. */
export function TileSection({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <section>
      <Heading as="h2" size="6" mb="4">
        {heading}
      </Heading>
      <ul className="tile-list">{children}</ul>
    </section>
  );
}
