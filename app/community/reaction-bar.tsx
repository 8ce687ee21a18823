import { useFetcher } from "@remix-run/react";
import { REACTIONS, type ReactionCounts, type ReactionId } from "~/community/reactions";
import { InteractionForm, type InteractionAnswer } from "~/community/interaction-form";

/**
 * The reactions on a blog post, an activity or a comment: each reaction of the fixed set with its
 * count, a toggle for whoever is signed in (their own pressed), read-only counts for guests.
 */
export function ReactionBar({
  type,
  id,
  reactions,
  signedIn,
  compact = false,
}: {
  type: "blog_post" | "activity" | "comment";
  id: number;
  reactions: { reaction_counts: ReactionCounts; mine: readonly ReactionId[] };
  signedIn: boolean;
  compact?: boolean;
}) {
  const shown = compact ? REACTIONS.filter((reaction) => reactions.reaction_counts[reaction.id] > 0 || signedIn) : REACTIONS;
  return (
    <div className="reaction-bar" role="group" aria-label="Reactions" id={type === "comment" ? undefined : "reactions"}>
      {shown.map((reaction) =>
        signedIn ? (
          <ReactionToggle key={reaction.id} type={type} id={id} reaction={reaction} count={reactions.reaction_counts[reaction.id]} mine={reactions.mine.includes(reaction.id)} />
        ) : (
          <span key={reaction.id} className="reaction-bar__count" title={reaction.label}>
            <span aria-hidden="true">{reaction.emoji}</span> {reactions.reaction_counts[reaction.id]}
            <span className="visually-hidden"> {reaction.label}</span>
          </span>
        )
      )}
    </div>
  );
}

function ReactionToggle({
  type,
  id,
  reaction,
  count,
  mine,
}: {
  type: string;
  id: number;
  reaction: (typeof REACTIONS)[number];
  count: number;
  mine: boolean;
}) {
  const fetcher = useFetcher<InteractionAnswer>();
  // While the toggle is on its way, show it as it will be.
  const pending = fetcher.formData?.get("on");
  const pressed = pending ? pending === "on" : mine;
  const shownCount = pending ? count + (pressed === mine ? 0 : pressed ? 1 : -1) : count;
  return (
    <InteractionForm fetcher={fetcher} intent="react" fields={{ target_type: type, target_id: id, reaction: reaction.id, on: pressed ? "off" : "on" }} className="reaction-bar__form">
      <button type="submit" className={pressed ? "reaction-bar__button reaction-bar__button--mine" : "reaction-bar__button"} aria-pressed={pressed} title={reaction.label}>
        <span aria-hidden="true">{reaction.emoji}</span> {shownCount}
        <span className="visually-hidden"> {reaction.label}</span>
      </button>
    </InteractionForm>
  );
}
