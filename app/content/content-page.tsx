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
 * The hero and sections are plain elements with the app's classes (app/styles/app.css), not
 * Radix components: every content page's first paint is its hero, and these need no component
 * tree to hydrate.
 */
export function ContentHero({ page, children }: { page: ContentPageData; children?: ReactNode }) {
  return (
    <section className="content-hero">
      <div className="wrapper wrapper--content">
        <div className="content-hero__body">
          <h1 className="content-hero__title">{page.headline}</h1>
          <p className="content-hero__intro">{page.intro}</p>
          {page.cta_label && page.cta_href ? (
            <Link to={page.cta_href} className="button button--large">
              {page.cta_label}
            </Link>
          ) : null}
          {children}
        </div>
      </div>
    </section>
  );
}

export function ContentSections({ sections }: { sections: SitePageSection[] }) {
  if (sections.length === 0) return null;
  return (
    <div className="content-sections">
      {sections.map((section) => (
        <section key={section.heading}>
          <h2 className="content-section__heading">{section.heading}</h2>
          {section.body.map((paragraph) => (
            <p className="content-section__text" key={paragraph}>
              {paragraph}
            </p>
          ))}
          {section.items?.length ? (
            <ul>
              {section.items.map((item) => (
                <li key={item}>{item}</li>
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
export function TileSection({ heading, id, children }: { heading: string; id?: string; children: ReactNode }) {
  return (
    <section id={id}>
      <Heading as="h2" size="6" mb="4">
        {heading}
      </Heading>
      <ul className="tile-list">{children}</ul>
    </section>
  );
}
