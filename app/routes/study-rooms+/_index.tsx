import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors, FormField } from "~/components/form-field";
import { formatDate } from "~/formatting/format";
import { metaFor } from "~/seo/page-meta";
import { newRoomSchema } from "~/study-rooms/forms";
import { createStudyRoom, myStudyRooms } from "~/study-rooms/rooms.server";
import { ROOM_NAME_LIMIT } from "~/study-rooms/rules";
import { redirectWithToast } from "~/toasts/toast.server";

const ROUTE = "routes/study-rooms+/_index";

/** /study-rooms: the rooms the user is in, and a new one. */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  const rooms = await myStudyRooms(session.user.id);
  return {
    rooms: rooms.map((room) => ({
      slug: room.slug,
      name: room.name,
      role: room.role,
      tutoring: room.tutoring_session_id !== null,
      members: room.member_count,
      createdAt: room.created_at.toISOString(),
    })),
  };
}

/** POST: a new room, its maker as host; the maker lands in it to invite others. */
export async function action({ request }: ActionFunctionArgs) {
  const session = await requireMutationAccess(request, ROUTE);
  const submission = parseWithZod(await request.formData(), { schema: newRoomSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const room = await createStudyRoom({ ownerId: session.user.id, name: submission.value.name });
  throw await redirectWithToast(`/study-rooms/${room.slug}`, { type: "success", message: "Your study room is ready. Invite someone to join you." });
}

const ROLE_LABELS = { host: "Host", tutor: "Tutor", student: "Student", guest: "Invited" } as const;

export default function StudyRoomsPage() {
  const { rooms } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <div className="wrapper wrapper--medium page">
      <p>
        <Link to="/dashboard">Dashboard</Link>
      </p>
      <h1 className="page-heading">Study rooms</h1>
      <p className="muted">Study together with video and shared whiteboards. A room is private: only the people in it can enter. <Link to="/study-rooms/demo">Try the demo room</Link>.</p>

      <section aria-labelledby="new-room-heading" style={{ marginTop: "var(--space-5)" }}>
        <h2 className="section-heading" id="new-room-heading">
          New room
        </h2>
        <Form method="post" className="tutoring-form">
          <CsrfInput />
          <FormErrors errors={answer?.result.error?.[""] ?? undefined} />
          <FormField label="Room name" id="room-name" name="name" required maxLength={ROOM_NAME_LIMIT} placeholder="e.g. Calculus midterm prep" defaultValue={typeof answer?.result.initialValue?.name === "string" ? answer.result.initialValue.name : undefined} errors={answer?.result.error?.name ?? undefined} />
          <div>
            <button type="submit" className="button" disabled={busy}>
              Create room
            </button>
          </div>
        </Form>
      </section>

      <section aria-labelledby="my-rooms-heading" style={{ marginTop: "var(--space-5)" }}>
        <h2 className="section-heading" id="my-rooms-heading">
          Your rooms
        </h2>
        {rooms.length === 0 ? (
          <p className="muted">You are in no study room yet. Create one above, or join one when someone invites you.</p>
        ) : (
          <ul className="tutoring-list">
            {rooms.map((room) => (
              <li key={room.slug} className="tutoring-row">
                <strong>
                  <Link to={`/study-rooms/${room.slug}`}>{room.name}</Link>
                </strong>
                <span className="muted">
                  {room.tutoring ? "Tutoring · " : ""}
                  {ROLE_LABELS[room.role]} · {room.members} {room.members === 1 ? "person" : "people"} · created {formatDate(room.createdAt, "MMM d, yyyy")}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) => metaFor(matches, { title: "Study rooms", description: "Your study rooms: video and shared whiteboards with classmates and tutors.", path: "/study-rooms", noindex: true });
