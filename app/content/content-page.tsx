import { Box, Container, Heading } from "@radix-ui/themes";
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

/**
 * The hero and sections render as the markup of Radix Themes' Section, Container, Flex, Heading
 * and Text (rt-* classes), written out: every content page's first paint is its hero, and these
 * need no component tree to hydrate.
 */
export function ContentHero({ page, children }: { page: ContentPageData; children?: ReactNode }) {
  return (
    <section className="rt-Section rt-r-size-2" style={{ background: "var(--accent-2)" }}>
      <div className="rt-Container rt-r-size-3 rt-r-px-4">
        <div className="rt-ContainerInner">
          <div className="rt-Flex rt-r-fd-column rt-r-ai-start rt-r-gap-4">
            <h1 className="rt-Heading rt-r-size-8">{page.headline}</h1>
            <p className="rt-Text rt-r-size-4">{page.intro}</p>
            {page.cta_label && page.cta_href ? (
              <Link to={page.cta_href} className="rt-reset rt-BaseButton rt-r-size-3 rt-variant-solid rt-Button">
                {page.cta_label}
              </Link>
            ) : null}
            {children}
          </div>
        </div>
      </div>
    </section>
  );
}

export function ContentSections({ sections }: { sections: SitePageSection[] }) {
  if (sections.length === 0) return null;
  return (
    <div className="rt-Flex rt-r-fd-column rt-r-gap-6">
      {sections.map((section) => (
        <section key={section.heading} className="rt-Box">
          <h2 className="rt-Heading rt-r-size-6 rt-r-mb-2">{section.heading}</h2>
          {section.body.map((paragraph) => (
            <p className="rt-Text rt-r-mb-2" key={paragraph}>
              {paragraph}
            </p>
          ))}
          {section.items?.length ? (
            <ul>
              {section.items.map((item) => (
                <li key={item}>
                  <span className="rt-Text">{item}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </div>
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
