import { Container, Heading, Text } from "@radix-ui/themes";
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { metaFor } from "~/seo/page-meta";
import { repDashboardTitle } from "./rep-dashboard";
import type { RepDashboardData } from "./rep-dashboard.server";
import { RepWorkspacePanel } from "./rep-workspace";

/** The rep dashboard's page, the same at its three paths (SPEC §2). */
export function RepDashboardPage() {
  const { title, firstName, workspace } = useLoaderData<RepDashboardData>();
  return (
    <Container size="3" px="4" py="6">
      <Heading as="h1" size="7">
        {title}
      </Heading>
      <Text as="p" color="gray" mt="1" mb="5">
        Hi {firstName}: your invite link, the friends it brought in and what is waiting for you.
      </Text>
      <RepWorkspacePanel workspace={workspace} />
    </Container>
  );
}

export const repDashboardMeta: MetaFunction = ({ data, matches, location }) =>
  metaFor(matches, {
    title: (data as RepDashboardData | undefined)?.title ?? repDashboardTitle(location.pathname),
    description: "Your invite link, referred friends, credit earned and announcements waiting for your answer.",
    path: location.pathname,
    noindex: true,
  });
