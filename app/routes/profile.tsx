import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Button, Callout, Card, Container, Flex, Heading, Text } from "@radix-ui/themes";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { AVATAR_MAX_BYTES } from "~/accounts/avatar.server";
import { MISSING_ITEM_LABELS } from "~/accounts/profile-completeness";
import { avatarFormSchema, conformNames, passwordFormSchema, profileFormSchema } from "~/accounts/profile-forms";
import { loadProfile, profileChoices } from "~/accounts/profile.server";
import { isRecentlyAuthenticated, REAUTHENTICATION_WINDOW_MS } from "~/accounts/reauthentication";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors, FormField, SelectField, TextAreaField } from "~/components/form-field";
import { passRetryAfter } from "~/security/retry-after";
import { siteOrigin } from "~/utils/site-origin.server";
import { avatarTooLarge, saveAvatar, savePassword, saveProfile } from "./profile.server";
import { DialogLink } from "~/shell/dialog-host";

const ROUTE = "routes/profile";
/** Multipart overhead allowed on top of the picture itself before we refuse without reading. */
const MULTIPART_SLACK_BYTES = 64 * 1024;

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await requireRouteAccess(request, ROUTE);
  const [profile, choices] = await Promise.all([loadProfile(session.user.id), profileChoices()]);
  if (!profile) throw new Response("Not found", { status: 404 });
  return {
    user: profile.user,
    missing: profile.missing,
    userCourses: profile.courses,
    schools: choices.schools,
    allCourses: choices.courses,
    recentlyAuthenticated: isRecentlyAuthenticated(session.authenticatedAt),
  };
}

/** POST /profile: the profile form, the password form or the avatar upload (multipart), by `intent`. */
export async function action({ request, context }: ActionFunctionArgs) {
  const session = await requireRouteAccess(request, ROUTE);
  // Refuse an oversized upload from its declared length, before reading 25 MB into memory.
  if ((request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
    if (Number(request.headers.get("Content-Length") ?? 0) > AVATAR_MAX_BYTES + MULTIPART_SLACK_BYTES) return avatarTooLarge();
  }
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "avatar") return saveAvatar(session, formData);
  if (intent === "password") return savePassword(session, formData, context.clientIp);
  return saveProfile(session, conformNames(formData), { origin: siteOrigin(request), clientIp: context.clientIp });
}

export const headers = passRetryAfter;

export default function ProfilePage() {
  const { user, userCourses, missing, schools, allCourses, recentlyAuthenticated } = useLoaderData<typeof loader>();
  return (
    <Container size="2" px="4" py="6">
      <Flex direction="column" gap="5">
        <Heading as="h1" size="7">
          Your profile
        </Heading>
        <Completeness missing={missing} />
        <ProfileForm user={user} courses={userCourses} schools={schools} allCourses={allCourses} recentlyAuthenticated={recentlyAuthenticated} />
        <AvatarForm avatar={user.avatar} />
        <PasswordForm recentlyAuthenticated={recentlyAuthenticated} />
      </Flex>
    </Container>
  );
}

function Completeness({ missing }: { missing: (keyof typeof MISSING_ITEM_LABELS)[] }) {
  if (missing.length === 0) {
    return (
      <Callout.Root color="green" data-testid="profile-completeness">
        <Callout.Text>Your profile is complete.</Callout.Text>
      </Callout.Root>
    );
  }
  return (
    <Callout.Root color="amber" data-testid="profile-completeness">
      <Callout.Text>
        Your profile is missing: {missing.map((item) => MISSING_ITEM_LABELS[item]).join(", ")}.
      </Callout.Text>
    </Callout.Root>
  );
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

/** The action's answer for one of the forms, so each form shows only its own errors. */
function useActionFor<F extends "profile" | "password" | "avatar">(form: F) {
  const actionData = useActionData<typeof action>();
  return actionData && actionData.form === form ? actionData : undefined;
}

function ProfileForm(props: {
  user: LoaderData["user"];
  courses: LoaderData["userCourses"];
  schools: LoaderData["schools"];
  allCourses: { id: number; code: string; name: string; school_name: string }[];
  recentlyAuthenticated: boolean;
}) {
  const { user, courses, schools, allCourses, recentlyAuthenticated } = props;
  const answer = useActionFor("profile");
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: answer && "result" in answer ? answer.result : undefined,
    defaultValue: {
      intent: "profile",
      first_name: user.first_name,
      last_name: user.last_name,
      display_name: user.display_name ?? "",
      email: user.email,
      school_id: user.school_id ? String(user.school_id) : "",
      year: user.year ?? "",
      faculty: user.faculty ?? "",
      degree: user.degree ?? "",
      country_code: user.country_code ?? "",
      bio: user.bio ?? "",
    },
    constraint: getZodConstraint(profileFormSchema),
    onValidate: ({ formData }) => parseWithZod(conformNames(formData), { schema: profileFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  // The user's courses, then one "add" slot: the same shape PUT /api/v1/users/{id} takes.
  const onProfile = new Set(courses.map((course) => course.course_id));
  const addIndex = courses.length;
  return (
    <Card size="3">
      <Form method="post" {...getFormProps(form)}>
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4">
            About you
          </Heading>
          <CsrfInput />
          <input type="hidden" name="intent" value="profile" />
          <FormErrors errors={form.errors} />
          <FormField label="First name" autoComplete="given-name" errors={fields.first_name.errors} {...getInputProps(fields.first_name, { type: "text" })} />
          <FormField label="Last name" autoComplete="family-name" errors={fields.last_name.errors} {...getInputProps(fields.last_name, { type: "text" })} />
          <FormField label="Display name" autoComplete="nickname" errors={fields.display_name.errors} {...getInputProps(fields.display_name, { type: "text" })} />
          <FormField
            label="Email"
            autoComplete="email"
            errors={fields.email.errors}
            hint="Changing it asks you to confirm the new address."
            {...getInputProps(fields.email, { type: "email" })}
          />
          <SelectField label="School" errors={fields.school_id.errors} {...getSelectProps(fields.school_id)}>
            <option value="">No school chosen</option>
            {schools.map((school) => (
              <option key={school.id} value={String(school.id)}>
                {school.name}
              </option>
            ))}
          </SelectField>
          <FormField label="Year" hint="For example 2, or Grade 11." errors={fields.year.errors} {...getInputProps(fields.year, { type: "text" })} />
          <FormField label="Faculty" errors={fields.faculty.errors} {...getInputProps(fields.faculty, { type: "text" })} />
          <FormField label="Degree" errors={fields.degree.errors} {...getInputProps(fields.degree, { type: "text" })} />
          <SelectField label="Country" errors={fields.country_code.errors} {...getSelectProps(fields.country_code)}>
            <option value="">Not set</option>
            <option value="CA">Canada</option>
            <option value="US">United States</option>
          </SelectField>
          <TextAreaField label="Bio" rows={4} errors={fields.bio.errors} {...getTextareaProps(fields.bio)} />

          <fieldset>
            <legend>
              <Text size="2" weight="medium">
                Your courses
              </Text>
            </legend>
            <Flex direction="column" gap="2">
              {courses.length === 0 ? (
                <Text size="2" color="gray">
                  No courses yet.
                </Text>
              ) : (
                <ul style={{ listStyle: "none", padding: 0, margin: 0 }}>
                  {courses.map((course, index) => (
                    <li key={course.id}>
                      <input type="hidden" name={`user_courses_attributes[${index}][id]`} value={course.id} />
                      <label>
                        <input type="checkbox" name={`user_courses_attributes[${index}][_destroy]`} value="1" /> Remove {course.code} {course.name}{" "}
                        <Text color="gray">({course.school_name})</Text>
                      </label>
                    </li>
                  ))}
                </ul>
              )}
              {fields.user_courses_attributes.errors?.length ? (
                <Text size="2" color="red" role="alert">
                  {fields.user_courses_attributes.errors.join(" ")}
                </Text>
              ) : null}
              <SelectField label="Add a course" name={`user_courses_attributes[${addIndex}][course_id]`} id="add-course" defaultValue="">
                <option value="">Choose a course to add</option>
                {allCourses
                  .filter((course) => !onProfile.has(course.id))
                  .map((course) => (
                    <option key={course.id} value={String(course.id)}>
                      {course.code} {course.name} — {course.school_name}
                    </option>
                  ))}
              </SelectField>
            </Flex>
          </fieldset>

          {recentlyAuthenticated ? null : (
            <>
              <FormField
                label="Current password"
                autoComplete="current-password"
                hint="Needed only to change your email address."
                errors={fields.current_password.errors}
                {...getInputProps(fields.current_password, { type: "password" })}
              />
              <Text size="2">
                Or <DialogLink to="/users/reauthenticate?redirect_to=%2Fprofile">confirm it's you</DialogLink> once, and skip the password for the next{" "}
                {REAUTHENTICATION_WINDOW_MS / 60_000} minutes.
              </Text>
            </>
          )}
          <Button type="submit" size="3" loading={navigation.state === "submitting" && navigation.formData?.get("intent") === "profile"}>
            Save profile
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}

function AvatarForm({ avatar }: { avatar: LoaderData["user"]["avatar"] }) {
  const answer = useActionFor("avatar");
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "avatar-form",
    lastResult: answer && "result" in answer ? answer.result : undefined,
    constraint: getZodConstraint(avatarFormSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: avatarFormSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <Card size="3">
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)}>
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4">
            Profile picture
          </Heading>
          {avatar?.normal ? <img src={avatar.normal} alt="Your profile picture" width={120} height={120} /> : null}
          <CsrfInput />
          <input type="hidden" name="intent" value="avatar" />
          <FormErrors errors={form.errors} />
          <FormField
            label="Picture"
            hint="JPEG, PNG, WebP or GIF, up to 5 MB."
            accept="image/jpeg,image/png,image/webp,image/gif"
            errors={fields.avatar.errors}
            {...getInputProps(fields.avatar, { type: "file" })}
          />
          <Button type="submit" variant="soft" loading={navigation.state === "submitting" && navigation.formData?.get("intent") === "avatar"}>
            Upload picture
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}

function PasswordForm({ recentlyAuthenticated }: { recentlyAuthenticated: boolean }) {
  const answer = useActionFor("password");
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "password-form",
    lastResult: answer && "result" in answer ? answer.result : undefined,
    constraint: getZodConstraint(passwordFormSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: passwordFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Card size="3">
      <Form method="post" {...getFormProps(form)}>
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4">
            Change password
          </Heading>
          <CsrfInput />
          <input type="hidden" name="intent" value="password" />
          <FormErrors errors={form.errors} />
          {recentlyAuthenticated ? null : (
            <FormField
              label="Current password"
              autoComplete="current-password"
              errors={fields.current_password.errors}
              {...getInputProps(fields.current_password, { type: "password" })}
            />
          )}
          <FormField label="New password" autoComplete="new-password" errors={fields.password.errors} {...getInputProps(fields.password, { type: "password" })} />
          <FormField
            label="Confirm new password"
            autoComplete="new-password"
            errors={fields.password_confirmation.errors}
            {...getInputProps(fields.password_confirmation, { type: "password" })}
          />
          <Button type="submit" variant="soft" loading={navigation.state === "submitting" && navigation.formData?.get("intent") === "password"}>
            Change password
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}

export const meta: MetaFunction = () => [{ title: "Your profile — Marketplace" }];
