import { Container, Flex, Heading, Text } from "@radix-ui/themes";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, NavLink, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { isMcatEventType, MCAT_EVENT_TYPES } from "~/mcat/mcat";
import { listMcatEvents } from "~/mcat/mcat.server";
import { McatEventList } from "~/mcat/mcat-parts";
import { metaFor } from "~/seo/page-meta";
import { guestCacheableHeaders } from "~/utils/guest-cache";

export const headers = guestCacheableHeaders;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/mcat+/events.($type)");
  const type = params.type;
  if (type !== undefined && !isMcatEventType(type)) throw new Response("No such kind of MCAT event", { status: 404 });
  const events = await listMcatEvents({ type });
  return { events, type: type ?? null, types: Object.entries(MCAT_EVENT_TYPES).map(([key, label]) => ({ key, label })) };
}

export default function McatEventsPage() {
  const { events, type, types } = useLoaderData<typeof loader>();
  const current = types.find((t) => t.key === type);
  return (
    <Container size="3" px="4" py="6">
      <Text as="p" color="gray">
        <Link to="/mcat">MCAT</Link>
      </Text>
      <Heading as="h1" size="8" mb="4">
        {current ? `MCAT ${current.label.toLowerCase()}` : "MCAT events"}
      </Heading>
      <nav aria-label="Kinds of events">
        <Flex gap="4" mb="5" wrap="wrap">
          <NavLink to="/mcat/events" end>
            All events
          </NavLink>
          {types.map((t) => (
            <NavLink key={t.key} to={`/mcat/events/${t.key}`}>
              {t.label}
            </NavLink>
          ))}
        </Flex>
      </nav>
      <McatEventList events={events} />
    </Container>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const label = data?.type ? MCAT_EVENT_TYPES[data.type as keyof typeof MCAT_EVENT_TYPES] : null;
  return metaFor(matches, {
    title: label ? `MCAT ${label.toLowerCase()}` : "MCAT events",
    description: "Free MCAT webinars, workshops, practice exams and information sessions with our instructors.",
    path: data?.type ? `/mcat/events/${data.type}` : "/mcat/events",
  });
};
