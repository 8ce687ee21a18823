import { parseWithZod } from "@conform-to/zod/v4";
import { Badge, Button, Callout, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { CsrfInput } from "~/components/csrf-input";
import { db } from "~/db/db.server";
import {
  ACTIVITY_TYPE_LABELS,
  ACTIVITY_TYPES,
  CHAPTER_KIND_LABELS,
  CHAPTER_KINDS,
  editorSchema,
  SECTION_TYPE_LABELS,
  SECTION_TYPES,
} from "~/online-courses/editor-forms";
import { applyEditorCommand, EditorError, loadCurriculum, type CurriculumActivity, type CurriculumChapter, type CurriculumSection } from "~/online-courses/editor.server";
import { CLOSED_MESSAGE, EDITOR_SAVED_MESSAGES, isEditable } from "~/online-courses/editor-rules";
import { requireManagedCourse } from "~/online-courses/manager.server";
import { redirectWithToast } from "~/toasts/toast.server";

const ROUTE = "routes/online-courses+/$id_.manager.editor";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { course } = await requireManagedCourse(request, ROUTE, params.id);
  return { courseId: course.id, editable: isEditable(course.status), chapters: await loadCurriculum(db(), course.id) };
}

/** POST /online-courses/{id}/manager/editor: one curriculum change, by `intent`. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { course } = await requireManagedCourse(request, ROUTE, params.id);
  const formData = await request.formData();
  const formKey = String(formData.get("form_key") ?? "");
  const submission = parseWithZod(formData, { schema: editorSchema });
  if (submission.status !== "success") {
    const errors = Object.values(submission.error ?? {}).flatMap((messages) => messages ?? []);
    return data({ formKey, message: errors[0] ?? "Check the form and try again." }, { status: 400 });
  }
  try {
    const outcome = await applyEditorCommand(db(), course.id, submission.value);
    const back = `/online-courses/${course.id}/manager/editor#${outcome.anchor}`;
    const message = EDITOR_SAVED_MESSAGES[submission.value.intent];
    return message ? await redirectWithToast(back, { type: "success", message }) : redirect(back);
  } catch (error) {
    if (error instanceof EditorError) return data({ formKey, message: error.message }, { status: error.status });
    throw error;
  }
}

export default function CurriculumEditorPage() {
  const { chapters, editable } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  // After each change the forms start afresh (closed, empty), as they do on a full page load.
  const { key } = useLocation();
  return (
    <Flex direction="column" gap="4" id="curriculum" key={key}>
      <Heading as="h2" size="5">
        Curriculum
      </Heading>
      {answer ? (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{answer.message}</Callout.Text>
        </Callout.Root>
      ) : null}
      {!editable ? (
        <Callout.Root color="gray">
          <Callout.Text>{CLOSED_MESSAGE}</Callout.Text>
        </Callout.Root>
      ) : null}
      {chapters.length === 0 ? <Text as="p">This course has no chapters yet.</Text> : null}
      <ol className="editor-list">
        {chapters.map((chapter, index) => (
          <ChapterItem key={chapter.id} chapter={chapter} number={index + 1} isFirst={index === 0} isLast={index === chapters.length - 1} editable={editable} />
        ))}
      </ol>
      {editable ? (
        <Card size="2">
          <CommandForm intent="add-chapter" formKey="add-chapter" label="Add a chapter">
            <Heading as="h3" size="3">
              Add a chapter
            </Heading>
            <Flex gap="3" wrap="wrap" align="end">
              <TextInput name="title" id="new-chapter-title" label="Chapter title" />
              <Select name="kind" id="new-chapter-kind" label="Kind" options={CHAPTER_KINDS.map((kind) => [kind, CHAPTER_KIND_LABELS[kind]])} />
              <Button type="submit">Add chapter</Button>
            </Flex>
          </CommandForm>
        </Card>
      ) : null}
    </Flex>
  );
}

function ChapterItem({ chapter, number, isFirst, isLast, editable }: { chapter: CurriculumChapter; number: number; isFirst: boolean; isLast: boolean; editable: boolean }) {
  const headingId = `chapter-${chapter.id}-heading`;
  return (
    <li id={`chapter-${chapter.id}`}>
      <Card size="2" asChild>
        <section aria-labelledby={headingId}>
          <Flex direction="column" gap="3">
            <Flex align="center" gap="2" wrap="wrap" justify="between">
              <Heading as="h3" size="4" id={headingId}>
                {number}. {chapter.title}
              </Heading>
              <Flex gap="2" align="center" wrap="wrap">
                <Badge>{CHAPTER_KIND_LABELS[chapter.kind]}</Badge>
                {editable ? <ItemButtons noun="chapter" idField="chapter_id" id={chapter.id} title={chapter.title} isFirst={isFirst} isLast={isLast} /> : null}
              </Flex>
            </Flex>
            {editable ? (
              <details>
                <summary>Edit chapter “{chapter.title}”</summary>
                <CommandForm intent="edit-chapter" formKey={`edit-chapter:${chapter.id}`} hidden={{ chapter_id: chapter.id }}>
                  <Flex gap="3" wrap="wrap" align="end">
                    <TextInput name="title" id={`chapter-${chapter.id}-title`} label="Chapter title" defaultValue={chapter.title} />
                    <Select name="kind" id={`chapter-${chapter.id}-kind`} label="Kind" defaultValue={chapter.kind} options={CHAPTER_KINDS.map((kind) => [kind, CHAPTER_KIND_LABELS[kind]])} />
                    <Button type="submit">Save chapter</Button>
                  </Flex>
                </CommandForm>
              </details>
            ) : null}
            <ol className="editor-list">
              {chapter.sections.map((section, index) => (
                <SectionItem key={section.id} section={section} isFirst={index === 0} isLast={index === chapter.sections.length - 1} editable={editable} />
              ))}
            </ol>
            {editable ? (
              <details>
                <summary>Add a section to “{chapter.title}”</summary>
                <CommandForm intent="add-section" formKey={`add-section:${chapter.id}`} hidden={{ chapter_id: chapter.id }} label={`Add a section to ${chapter.title}`}>
                  <Flex gap="3" wrap="wrap" align="end">
                    <TextInput name="title" id={`chapter-${chapter.id}-new-section-title`} label="Section title" />
                    <Select
                      name="section_type"
                      id={`chapter-${chapter.id}-new-section-type`}
                      label="Section type"
                      options={SECTION_TYPES.map((type) => [type, SECTION_TYPE_LABELS[type]])}
                    />
                    <Button type="submit">Add section</Button>
                  </Flex>
                </CommandForm>
              </details>
            ) : null}
          </Flex>
        </section>
      </Card>
    </li>
  );
}

function SectionItem({ section, isFirst, isLast, editable }: { section: CurriculumSection; isFirst: boolean; isLast: boolean; editable: boolean }) {
  const headingId = `section-${section.id}-heading`;
  return (
    <li id={`section-${section.id}`} className="editor-section">
      <section aria-labelledby={headingId}>
        <Flex direction="column" gap="2">
          <Flex align="center" gap="2" wrap="wrap" justify="between">
            <Heading as="h4" size="3" id={headingId}>
              {section.title}
            </Heading>
            <Flex gap="2" align="center" wrap="wrap">
              <Badge color={section.section_type === "core" ? "blue" : "purple"}>{SECTION_TYPE_LABELS[section.section_type]}</Badge>
              {editable ? <ItemButtons noun="section" idField="section_id" id={section.id} title={section.title} isFirst={isFirst} isLast={isLast} /> : null}
            </Flex>
          </Flex>
          {editable ? (
            <details>
              <summary>Edit section “{section.title}”</summary>
              <CommandForm intent="edit-section" formKey={`edit-section:${section.id}`} hidden={{ section_id: section.id }}>
                <Flex gap="3" wrap="wrap" align="end">
                  <TextInput name="title" id={`section-${section.id}-title`} label="Section title" defaultValue={section.title} />
                  <Select
                    name="section_type"
                    id={`section-${section.id}-type`}
                    label="Section type"
                    defaultValue={section.section_type}
                    options={SECTION_TYPES.map((type) => [type, SECTION_TYPE_LABELS[type]])}
                  />
                  <Button type="submit">Save section</Button>
                </Flex>
              </CommandForm>
            </details>
          ) : null}
          <ol className="editor-list" aria-label={`Activities of ${section.title}`}>
            {section.activities.map((activity, index) => (
              <ActivityItem key={activity.id} activity={activity} isFirst={index === 0} isLast={index === section.activities.length - 1} editable={editable} />
            ))}
          </ol>
          {editable ? (
            <details>
              <summary>Add an activity to “{section.title}”</summary>
              <CommandForm intent="add-activity" formKey={`add-activity:${section.id}`} hidden={{ section_id: section.id }} label={`Add an activity to ${section.title}`}>
                <ActivityFields idPrefix={`section-${section.id}-new-activity`} />
                <Button type="submit">Add activity</Button>
              </CommandForm>
            </details>
          ) : null}
        </Flex>
      </section>
    </li>
  );
}

function ActivityItem({ activity, isFirst, isLast, editable }: { activity: CurriculumActivity; isFirst: boolean; isLast: boolean; editable: boolean }) {
  return (
    <li id={`activity-${activity.id}`} className="editor-activity">
      <Flex direction="column" gap="2">
        <Flex align="center" gap="2" wrap="wrap" justify="between">
          <Text weight="medium">{activity.title}</Text>
          <Flex gap="2" align="center" wrap="wrap">
            <Badge color="gray">{ACTIVITY_TYPE_LABELS[activity.activity_type]}</Badge>
            {activity.can_preview ? <Badge color="green">Preview</Badge> : null}
            {editable ? <ItemButtons noun="activity" idField="activity_id" id={activity.id} title={activity.title} isFirst={isFirst} isLast={isLast} /> : null}
          </Flex>
        </Flex>
        {editable ? (
          <details>
            <summary>Edit activity “{activity.title}”</summary>
            <CommandForm intent="edit-activity" formKey={`edit-activity:${activity.id}`} hidden={{ activity_id: activity.id }}>
              <ActivityFields idPrefix={`activity-${activity.id}`} activity={activity} />
              <Button type="submit">Save activity</Button>
            </CommandForm>
          </details>
        ) : null}
      </Flex>
    </li>
  );
}

function ActivityFields({ idPrefix, activity }: { idPrefix: string; activity?: CurriculumActivity }) {
  return (
    <Flex gap="3" wrap="wrap" align="end">
      <TextInput name="title" id={`${idPrefix}-title`} label="Activity title" defaultValue={activity?.title} />
      <Select
        name="activity_type"
        id={`${idPrefix}-type`}
        label="Activity type"
        defaultValue={activity?.activity_type}
        options={ACTIVITY_TYPES.map((type) => [type, ACTIVITY_TYPE_LABELS[type]])}
      />
      <label className="checkbox-label">
        <input type="checkbox" name="can_preview" defaultChecked={activity?.can_preview ?? false} /> Open to preview
      </label>
    </Flex>
  );
}

/** Move up, move down and delete: each its own small form, so they work without JavaScript. */
function ItemButtons(props: { noun: "chapter" | "section" | "activity"; idField: string; id: number; title: string; isFirst: boolean; isLast: boolean }) {
  const { noun, idField, id, title, isFirst, isLast } = props;
  return (
    <>
      {!isFirst ? (
        <CommandForm intent={`move-${noun}`} formKey={`move-${noun}:${id}`} hidden={{ [idField]: id, direction: "up" }} inline>
          <Button type="submit" size="1" variant="soft" aria-label={`Move ${noun} “${title}” up`}>
            Move up
          </Button>
        </CommandForm>
      ) : null}
      {!isLast ? (
        <CommandForm intent={`move-${noun}`} formKey={`move-${noun}:${id}`} hidden={{ [idField]: id, direction: "down" }} inline>
          <Button type="submit" size="1" variant="soft" aria-label={`Move ${noun} “${title}” down`}>
            Move down
          </Button>
        </CommandForm>
      ) : null}
      <CommandForm intent={`delete-${noun}`} formKey={`delete-${noun}:${id}`} hidden={{ [idField]: id }} inline>
        <Button type="submit" size="1" variant="soft" color="red" aria-label={`Delete ${noun} “${title}”`}>
          Delete
        </Button>
      </CommandForm>
    </>
  );
}

function CommandForm(props: { intent: string; formKey: string; hidden?: Record<string, string | number>; inline?: boolean; label?: string; children: ReactNode }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("form_key") === props.formKey;
  return (
    <Form method="post" className={props.inline ? "inline-form" : "editor-form"} aria-label={props.label} aria-busy={busy || undefined}>
      <CsrfInput />
      <input type="hidden" name="intent" value={props.intent} />
      <input type="hidden" name="form_key" value={props.formKey} />
      {Object.entries(props.hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {props.children}
    </Form>
  );
}

function TextInput({ name, id, label, defaultValue }: { name: string; id: string; label: string; defaultValue?: string }) {
  return (
    <Flex direction="column" gap="1">
      <label htmlFor={id}>
        <Text size="2" weight="medium">
          {label}
        </Text>
      </label>
      <input className="native-input" type="text" id={id} name={name} defaultValue={defaultValue} required maxLength={200} />
    </Flex>
  );
}

function Select({ name, id, label, options, defaultValue }: { name: string; id: string; label: string; options: [string, string][]; defaultValue?: string }) {
  return (
    <Flex direction="column" gap="1">
      <label htmlFor={id}>
        <Text size="2" weight="medium">
          {label}
        </Text>
      </label>
      <select className="native-input" id={id} name={name} defaultValue={defaultValue}>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </Flex>
  );
}
