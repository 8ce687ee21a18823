import { getFormProps, getInputProps, getSelectProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Badge, Button, Callout, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import type { z } from "zod";
import { CsrfInput } from "~/components/csrf-input";
import { FormField, SelectField } from "~/components/form-field";
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
import { requireManagedCourse } from "~/online-courses/course-access.server";
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
  if (submission.status !== "success") return data({ formKey, result: submission.reply() }, { status: 400 });
  try {
    const outcome = await applyEditorCommand(db(), course.id, submission.value);
    const back = `/online-courses/${course.id}/manager/editor#${outcome.anchor}`;
    const message = EDITOR_SAVED_MESSAGES[submission.value.intent];
    return message ? await redirectWithToast(back, { type: "success", message }) : redirect(back);
  } catch (error) {
    if (error instanceof EditorError) return data({ formKey, result: submission.reply({ formErrors: [error.message] }) }, { status: error.status });
    throw error;
  }
}

/** The fields the editor's forms show; every other field is hidden, so its messages show above the curriculum. */
const SHOWN_FIELDS = new Set(["title", "kind", "section_type", "activity_type", "can_preview"]);

export default function CurriculumEditorPage() {
  const { chapters, editable } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const messages = Object.entries(answer?.result.error ?? {})
    .filter(([name]) => !SHOWN_FIELDS.has(name))
    .flatMap(([, errors]) => errors ?? []);
  // After each change the forms start afresh (closed, empty), as they do on a full page load.
  const { key } = useLocation();
  return (
    <Flex direction="column" gap="4" id="curriculum" key={key}>
      <Heading as="h2" size="5">
        Curriculum
      </Heading>
      {messages.length > 0 ? (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{messages.join(" ")}</Callout.Text>
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
            {(fields) => (
              <>
                <Heading as="h3" size="3">
                  Add a chapter
                </Heading>
                <Flex gap="3" wrap="wrap" align="end">
                  <TitleField field={fields.title} label="Chapter title" />
                  <ChoiceField field={fields.kind} label="Kind" options={CHAPTER_KINDS.map((kind) => [kind, CHAPTER_KIND_LABELS[kind]])} />
                  <Button type="submit">Add chapter</Button>
                </Flex>
              </>
            )}
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
              <FormDetails formKey={`edit-chapter-${chapter.id}`} summary={`Edit chapter “${chapter.title}”`}>
                <CommandForm intent="edit-chapter" formKey={`edit-chapter-${chapter.id}`} hidden={{ chapter_id: chapter.id }} defaultValue={{ title: chapter.title, kind: chapter.kind }}>
                  {(fields) => (
                    <Flex gap="3" wrap="wrap" align="end">
                      <TitleField field={fields.title} label="Chapter title" />
                      <ChoiceField field={fields.kind} label="Kind" options={CHAPTER_KINDS.map((kind) => [kind, CHAPTER_KIND_LABELS[kind]])} />
                      <Button type="submit">Save chapter</Button>
                    </Flex>
                  )}
                </CommandForm>
              </FormDetails>
            ) : null}
            <ol className="editor-list">
              {chapter.sections.map((section, index) => (
                <SectionItem
                  key={section.id}
                  section={section}
                  place={`section ${index + 1} of chapter ${number}`}
                  isFirst={index === 0}
                  isLast={index === chapter.sections.length - 1}
                  editable={editable}
                />
              ))}
            </ol>
            {editable ? (
              <FormDetails formKey={`add-section-${chapter.id}`} summary={`Add a section to “${chapter.title}”`}>
                <CommandForm intent="add-section" formKey={`add-section-${chapter.id}`} hidden={{ chapter_id: chapter.id }} label={`Add a section to ${chapter.title} (chapter ${number})`}>
                  {(fields) => (
                    <Flex gap="3" wrap="wrap" align="end">
                      <TitleField field={fields.title} label="Section title" />
                      <ChoiceField field={fields.section_type} label="Section type" options={SECTION_TYPES.map((type) => [type, SECTION_TYPE_LABELS[type]])} />
                      <Button type="submit">Add section</Button>
                    </Flex>
                  )}
                </CommandForm>
              </FormDetails>
            ) : null}
          </Flex>
        </section>
      </Card>
    </li>
  );
}

/**
 * A section of a chapter: not a landmark of its own (every chapter repeats titles like "Core
 * lessons", and a course has dozens of sections); its heading leads to it, inside its chapter's.
 * `place` ("section 2 of chapter 3") tells its add-activity form from the other chapters'.
 */
function SectionItem({ section, place, isFirst, isLast, editable }: { section: CurriculumSection; place: string; isFirst: boolean; isLast: boolean; editable: boolean }) {
  return (
    <li id={`section-${section.id}`} className="editor-section">
      <Flex direction="column" gap="2">
        <Flex align="center" gap="2" wrap="wrap" justify="between">
          <Heading as="h4" size="3">
            {section.title}
          </Heading>
          <Flex gap="2" align="center" wrap="wrap">
            <Badge color={section.section_type === "core" ? "blue" : "purple"}>{SECTION_TYPE_LABELS[section.section_type]}</Badge>
            {editable ? <ItemButtons noun="section" idField="section_id" id={section.id} title={section.title} isFirst={isFirst} isLast={isLast} /> : null}
          </Flex>
        </Flex>
        {editable ? (
          <FormDetails formKey={`edit-section-${section.id}`} summary={`Edit section “${section.title}”`}>
            <CommandForm
              intent="edit-section"
              formKey={`edit-section-${section.id}`}
              hidden={{ section_id: section.id }}
              defaultValue={{ title: section.title, section_type: section.section_type }}
            >
              {(fields) => (
                <Flex gap="3" wrap="wrap" align="end">
                  <TitleField field={fields.title} label="Section title" />
                  <ChoiceField field={fields.section_type} label="Section type" options={SECTION_TYPES.map((type) => [type, SECTION_TYPE_LABELS[type]])} />
                  <Button type="submit">Save section</Button>
                </Flex>
              )}
            </CommandForm>
          </FormDetails>
        ) : null}
        <ol className="editor-list">
          {section.activities.map((activity, index) => (
            <ActivityItem key={activity.id} activity={activity} isFirst={index === 0} isLast={index === section.activities.length - 1} editable={editable} />
          ))}
        </ol>
        {editable ? (
          <FormDetails formKey={`add-activity-${section.id}`} summary={`Add an activity to “${section.title}”`}>
            <CommandForm intent="add-activity" formKey={`add-activity-${section.id}`} hidden={{ section_id: section.id }} label={`Add an activity to ${section.title} (${place})`}>
              {(fields) => (
                <>
                  <ActivityFields fields={fields} />
                  <Button type="submit">Add activity</Button>
                </>
              )}
            </CommandForm>
          </FormDetails>
        ) : null}
      </Flex>
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
          <FormDetails formKey={`edit-activity-${activity.id}`} summary={`Edit activity “${activity.title}”`}>
            <CommandForm
              intent="edit-activity"
              formKey={`edit-activity-${activity.id}`}
              hidden={{ activity_id: activity.id }}
              defaultValue={{ title: activity.title, activity_type: activity.activity_type, can_preview: activity.can_preview ? "on" : undefined }}
            >
              {(fields) => (
                <>
                  <ActivityFields fields={fields} />
                  <Button type="submit">Save activity</Button>
                </>
              )}
            </CommandForm>
          </FormDetails>
        ) : null}
      </Flex>
    </li>
  );
}

function ActivityFields({ fields }: { fields: CommandFields }) {
  return (
    <Flex gap="3" wrap="wrap" align="end">
      <TitleField field={fields.title} label="Activity title" />
      <ChoiceField field={fields.activity_type} label="Activity type" options={ACTIVITY_TYPES.map((type) => [type, ACTIVITY_TYPE_LABELS[type]])} />
      <label className="checkbox-label">
        <input {...getInputProps(fields.can_preview, { type: "checkbox" })} /> Open to preview
      </label>
    </Flex>
  );
}

/** Move up, move down and delete: each its own small form, so they work without JavaScript. */
function ItemButtons(props: { noun: "chapter" | "section" | "activity"; idField: string; id: number; title: string; isFirst: boolean; isLast: boolean }) {
  const { noun, idField, id, title, isFirst, isLast } = props;
  // A button's name is the words it shows, then which item: speech users say what they see (WCAG 2.5.3).
  const button = (action: string, color?: "red") => (
    <Button type="submit" size="1" variant="soft" color={color} aria-label={`${action}: ${noun} “${title}”`}>
      {action}
    </Button>
  );
  return (
    <>
      {!isFirst ? (
        <CommandForm intent={`move-${noun}`} formKey={`move-${noun}-up-${id}`} hidden={{ [idField]: id, direction: "up" }} inline>
          {button("Move up")}
        </CommandForm>
      ) : null}
      {!isLast ? (
        <CommandForm intent={`move-${noun}`} formKey={`move-${noun}-down-${id}`} hidden={{ [idField]: id, direction: "down" }} inline>
          {button("Move down")}
        </CommandForm>
      ) : null}
      <CommandForm intent={`delete-${noun}`} formKey={`delete-${noun}-${id}`} hidden={{ [idField]: id }} inline>
        {button("Delete", "red")}
      </CommandForm>
    </>
  );
}

type CommandInput = z.input<typeof editorSchema>;
type CommandFields = ReturnType<typeof useForm<CommandInput, z.output<typeof editorSchema>>>[1];

/** The answer to this form's last post, when the last post was this form's. */
function useLastResult(formKey: string): SubmissionResult<string[]> | undefined {
  const answer = useActionData<typeof action>();
  return answer?.formKey === formKey ? (answer.result as SubmissionResult<string[]>) : undefined;
}

/** A form folded away until asked for; open again when its post was refused, so its messages show. */
function FormDetails({ formKey, summary, children }: { formKey: string; summary: string; children: ReactNode }) {
  const refused = useLastResult(formKey) !== undefined;
  return (
    <details open={refused || undefined}>
      <summary>{summary}</summary>
      {children}
    </details>
  );
}

function CommandForm(props: {
  intent: string;
  formKey: string;
  hidden?: Record<string, string | number>;
  defaultValue?: Record<string, string | undefined>;
  inline?: boolean;
  label?: string;
  children: ReactNode | ((fields: CommandFields) => ReactNode);
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("form_key") === props.formKey;
  const lastResult = useLastResult(props.formKey);
  // A refusal of the whole form shows above the curriculum, so the form points at no message of its own.
  const [form, fields] = useForm<CommandInput, z.output<typeof editorSchema>>({
    id: props.formKey,
    lastResult,
    defaultValue: props.defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: editorSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" className={props.inline ? "inline-form" : "editor-form"} aria-label={props.label} aria-busy={busy || undefined} {...getFormProps(form, { ariaAttributes: false })}>
      <CsrfInput />
      <input type="hidden" name="intent" value={props.intent} />
      <input type="hidden" name="form_key" value={props.formKey} />
      {Object.entries(props.hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {typeof props.children === "function" ? props.children(fields) : props.children}
    </Form>
  );
}

function TitleField({ field, label }: { field: FieldMetadata<string | undefined>; label: string }) {
  return <FormField label={label} errors={field.errors} required maxLength={200} {...getInputProps(field, { type: "text" })} />;
}

function ChoiceField({ field, label, options }: { field: FieldMetadata<string | undefined>; label: string; options: [string, string][] }) {
  return (
    <SelectField label={label} errors={field.errors} {...getSelectProps(field)}>
      {options.map(([value, text]) => (
        <option key={value} value={value}>
          {text}
        </option>
      ))}
    </SelectField>
  );
}

export { NestedRouteError as ErrorBoundary } from "~/components/nested-route-error";
