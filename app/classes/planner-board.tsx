import { Form, Link, useFetcher } from "@remix-run/react";
import { useEffect, useState, type DragEvent } from "react";
import { dayLabel, itemKey, layoutPlanner, weekLabel, type IsoDate, type PlannerItem } from "~/classes/planner";
import type { TermOfYear } from "~/classes/terms";
import { CSRF_FIELD, CsrfInput } from "~/components/csrf-input";
import { FormErrors, FormField, SelectField, TextAreaField } from "~/components/form-field";
import type { ScheduleEventKind } from "~/db/schema";
import { useRootData } from "~/shell/root-data";

export const EVENT_KINDS: readonly { value: ScheduleEventKind; label: string }[] = [
  { value: "test", label: "Test" },
  { value: "holiday", label: "Holiday" },
  { value: "other", label: "Other" },
];

const KIND_LABELS: Record<string, string> = { lesson: "Lesson", assignment: "Due", test: "Test", holiday: "Holiday", other: "Event" };

type FieldErrors = Record<string, string[] | null> | null | undefined;
/** The action's answer to a refused form: which form it was, and its errors. */
export type PlannerAnswer = { form: string; result: { error?: FieldErrors } } | undefined;

/**
 * The term's weeks with every item on its day. Each lesson and event has a plain "Change" form
 * (move to a day, edit, delete) that works without JavaScript and from the keyboard; with
 * JavaScript it can also be dragged onto another day of the term, which sends the same "move"
 * through a fetcher and shows it there at once.
 */
export function PlannerBoard({ term, days, items, thisWeek, answer }: { term: TermOfYear; days: { first: IsoDate; last: IsoDate }; items: PlannerItem[]; thisWeek: number | null; answer: PlannerAnswer }) {
  const fetcher = useFetcher<PlannerAnswer>();
  const root = useRootData();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [dragging, setDragging] = useState<string | null>(null);
  const [over, setOver] = useState<IsoDate | null>(null);

  const moving = fetcher.formData?.get("intent") === "move" ? { key: `${fetcher.formData.get("item_kind")}-${fetcher.formData.get("item_id")}`, date: String(fetcher.formData.get("date")) } : null;
  const shown = moving ? items.map((item) => (itemKey(item) === moving.key ? { ...item, date: moving.date } : item)) : items;
  const { weeks, outside } = layoutPlanner(term, shown);
  const dragErrors = fetcher.state === "idle" && fetcher.data?.result?.error ? Object.values(fetcher.data.result.error).flatMap((errors) => errors ?? []) : [];

  const drop = (date: IsoDate) => (event: DragEvent<HTMLLIElement>) => {
    event.preventDefault();
    const key = event.dataTransfer.getData("text/plain") || dragging;
    setDragging(null);
    setOver(null);
    const item = items.find((candidate) => itemKey(candidate) === key);
    if (!item || item.kind === "assignment" || item.date === date) return;
    fetcher.submit({ [CSRF_FIELD]: root?.csrfToken ?? "", intent: "move", item_kind: item.kind, item_id: String(item.id), date }, { method: "post" });
  };

  return (
    <>
      <nav aria-label="Weeks of the term" className="planner-week-nav">
        <ul>
          {weeks.map((week) => (
            <li key={week.number}>
              <a href={`#week-${week.number}`} aria-current={week.number === thisWeek ? "true" : undefined}>
                {week.number}
                <span className="visually-hidden"> {weekLabel(week)}</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <FormErrors errors={dragErrors.length ? [`That move did not happen: ${dragErrors.join(" ")}`] : undefined} />
      {weeks.map((week) => (
        <section key={week.number} id={`week-${week.number}`} aria-labelledby={`week-${week.number}-heading`} className="planner-week">
          <h2 className="planner-week__heading" id={`week-${week.number}-heading`}>
            {weekLabel(week)}
            {week.number === thisWeek ? <span className="planner-week__now"> · this week</span> : null}
          </h2>
          {week.count === 0 ? <p className="muted planner-week__empty">Nothing planned this week.</p> : null}
          <ol className="planner-days">
            {week.days.map((day) => (
              <li
                key={day.date}
                className={["planner-day", day.inTerm ? "" : "planner-day--outside", over === day.date ? "planner-day--over" : ""].filter(Boolean).join(" ")}
                data-date={day.date}
                data-empty={day.items.length === 0 ? "" : undefined}
                onDragOver={
                  day.inTerm
                    ? (event) => {
                        if (!dragging) return;
                        event.preventDefault();
                        event.dataTransfer.dropEffect = "move";
                        if (over !== day.date) setOver(day.date);
                      }
                    : undefined
                }
                onDragLeave={() => setOver((current) => (current === day.date ? null : current))}
                onDrop={day.inTerm ? drop(day.date) : undefined}
              >
                <p className="planner-day__label">
                  {dayLabel(day.date)}
                  {day.inTerm ? null : <span className="visually-hidden"> (not in this term)</span>}
                </p>
                {day.items.length ? (
                  <ul className="planner-items">
                    {day.items.map((item) => (
                      <PlannerEntry
                        key={itemKey(item)}
                        item={item}
                        days={days}
                        answer={answer}
                        draggable={hydrated && item.kind !== "assignment"}
                        busy={moving?.key === itemKey(item)}
                        onDragStart={(event) => {
                          event.dataTransfer.setData("text/plain", itemKey(item));
                          event.dataTransfer.effectAllowed = "move";
                          setDragging(itemKey(item));
                        }}
                        onDragEnd={() => {
                          setDragging(null);
                          setOver(null);
                        }}
                      />
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ol>
        </section>
      ))}
      {outside.length ? (
        <section aria-labelledby="outside-heading" className="planner-week">
          <h2 className="planner-week__heading" id="outside-heading">
            Outside the term
          </h2>
          <ul className="planner-items">
            {outside.map((item) => (
              <PlannerEntry key={itemKey(item)} item={item} days={days} answer={answer} draggable={false} busy={false} />
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

function PlannerEntry({
  item,
  days,
  answer,
  draggable,
  busy,
  onDragStart,
  onDragEnd,
}: {
  item: PlannerItem;
  days: { first: IsoDate; last: IsoDate };
  answer: PlannerAnswer;
  draggable: boolean;
  busy: boolean;
  onDragStart?: (event: DragEvent<HTMLLIElement>) => void;
  onDragEnd?: () => void;
}) {
  const key = itemKey(item);
  const kind = item.kind === "event" ? item.eventKind : item.kind;
  const time = item.kind === "lesson" ? null : item.time;
  return (
    <li className={`planner-item planner-item--${kind}`} data-item={key} draggable={draggable || undefined} onDragStart={onDragStart} onDragEnd={onDragEnd} aria-busy={busy || undefined}>
      <span className="planner-item__kind">{KIND_LABELS[kind]}</span>
      <span className="planner-item__title">{item.kind === "assignment" ? <Link to={`/course-assignments/${item.id}`}>{item.title}</Link> : item.title}</span>
      {time ? <span className="planner-item__meta">{time} UTC</span> : null}
      {item.kind === "lesson" && item.notes ? <span className="planner-item__meta">{item.notes}</span> : null}
      {item.kind === "assignment" ? null : <ItemChange item={item} days={days} answer={answer} />}
    </li>
  );
}

/** The item's plain forms: move to another day, edit, delete. Open when one of them was refused. */
function ItemChange({ item, days, answer }: { item: Exclude<PlannerItem, { kind: "assignment" }>; days: { first: IsoDate; last: IsoDate }; answer: PlannerAnswer }) {
  const key = itemKey(item);
  const errorsOf = (intent: string) => (answer?.form === `${intent}:${key}` ? answer.result?.error : undefined);
  const moveErrors = errorsOf("move");
  const editErrors = errorsOf(`edit-${item.kind}`);
  const deleteErrors = errorsOf("delete");
  const fields = (intent: string) => (
    <>
      <CsrfInput />
      <input type="hidden" name="intent" value={intent} />
      {intent === "edit-lesson" || intent === "edit-event" ? null : <input type="hidden" name="item_kind" value={item.kind} />}
      <input type="hidden" name="item_id" value={item.id} />
    </>
  );
  const hidden = <span className="visually-hidden"> {item.title}</span>;
  return (
    <details className="planner-item__change" open={moveErrors || editErrors || deleteErrors ? true : undefined}>
      <summary>Change{hidden}</summary>
      <Form method="post" className="planner-item__form">
        {fields("move")}
        <FormErrors errors={moveErrors?.[""] ?? undefined} />
        <FormField label="Move to" id={`move-${key}`} name="date" type="date" required min={days.first} max={days.last} defaultValue={item.date} errors={moveErrors?.date ?? undefined} />
        <div>
          <button type="submit" className="button button--soft">
            Move{hidden}
          </button>
        </div>
      </Form>
      <Form method="post" className="planner-item__form">
        {fields(`edit-${item.kind}`)}
        <FormErrors errors={editErrors?.[""] ?? undefined} />
        <FormField label="Title" id={`title-${key}`} name="title" required maxLength={200} defaultValue={item.title} errors={editErrors?.title ?? undefined} />
        {item.kind === "lesson" ? (
          <TextAreaField label="Notes" id={`notes-${key}`} name="notes" rows={3} maxLength={5000} defaultValue={item.notes} errors={editErrors?.notes ?? undefined} />
        ) : (
          <>
            <SelectField style={{ width: "100%" }} label="Kind" id={`kind-${key}`} name="event_kind" defaultValue={item.eventKind} errors={editErrors?.event_kind ?? undefined}>
              {EVENT_KINDS.map((kind) => (
                <option key={kind.value} value={kind.value}>
                  {kind.label}
                </option>
              ))}
            </SelectField>
            <FormField label="Time (UTC, optional)" id={`time-${key}`} name="time" type="time" defaultValue={item.time ?? ""} errors={editErrors?.time ?? undefined} />
          </>
        )}
        <div>
          <button type="submit" className="button button--soft">
            Save{hidden}
          </button>
        </div>
      </Form>
      <Form method="post" className="planner-item__form">
        {fields("delete")}
        <FormErrors errors={deleteErrors?.[""] ?? undefined} />
        <div>
          <button type="submit" className="button button--outline">
            Delete{hidden}
          </button>
        </div>
      </Form>
    </details>
  );
}
