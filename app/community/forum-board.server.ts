import type { Params } from "@remix-run/react";
import type { RouteId } from "~/accounts/policy/route-rules";
import { findBoard } from "~/community/forum.server";
import { notFound } from "~/errors/not-found.server";

/**
 * Which board an address names, and the route whose rule guards it: a course's board
 * (`/courses/{idOrSlug}/forum…`, param `idOrSlug`) or an online course's (`/online-courses/{onlineCourse}/forum…`,
 * param `onlineCourse`), whose route modules re-export the course board's.
 */
export function boardOf(params: Params, page: "board" | "thread") {
  const online = params.onlineCourse !== undefined;
  const route: RouteId = online
    ? page === "board"
      ? "routes/online-courses+/$onlineCourse_.forum"
      : "routes/online-courses+/$onlineCourse_.forum_.$postId"
    : page === "board"
    ? "routes/courses+/$idOrSlug_.forum"
    : "routes/courses+/$idOrSlug_.forum_.$postId";
  return {
    route,
    find: async () => {
      const board = await findBoard(online ? "online_course" : "course", (online ? params.onlineCourse : params.idOrSlug) ?? "");
      if (!board) throw notFound(online ? "There is no online course at this address." : "There is no course at this address.");
      return board;
    },
  };
}
