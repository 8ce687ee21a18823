import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Button, Card, Container, Flex, Heading, Text } from "@radix-ui/themes";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors, TextAreaField } from "~/components/form-field";
import { siteOrigin } from "~/utils/site-origin.server";
import { InviteLinkField, ReferralLists, ReferralStats } from "~/programs/referral-panel";
import { formatCredit, inviteFormSchema, MAX_INVITES_PER_SEND } from "~/programs/referrals";
import { referralOverview, sendFriendInvitations } from "~/programs/referrals.server";
import { passRetryAfter, tooManyRequests } from "~/security/retry-after";
import { metaFor } from "~/seo/page-meta";
import { redirectWithToast } from "~/toasts/toast.server";

const ROUTE = "routes/invites";

/** /invites: Invite a Friend (SPEC §2 Resources menu): the member's link, emailed invitations and what they earned. */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  return referralOverview(session.user.id, siteOrigin(request));
}

export async function action({ request }: ActionFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  const submission = parseWithZod(await request.formData(), { schema: inviteFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const outcome = await sendFriendInvitations(session.user, submission.value.emails, siteOrigin(request));
  if (!outcome.ok) {
    const result = submission.reply({ formErrors: [outcome.message] });
    return outcome.reason === "daily-limit" ? tooManyRequests({ result }, outcome.retryAfterSeconds) : data({ result }, { status: 400 });
  }
  throw await redirectWithToast("/invites", { type: outcome.sent > 0 ? "success" : "info", message: outcome.message });
}

export const headers = passRetryAfter;

export default function InvitesPage() {
  const overview = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <Container size="3" px="4" py="6">
      <Flex direction="column" gap="5">
        <div>
          <Heading as="h1" size="7">
            Invite a Friend
          </Heading>
          <Text as="p" color="gray" mt="1">
            Share your link or email it to friends. When a friend you invited makes their first purchase, you get {formatCredit(overview.rewardCents)} of credit
            toward your next course, plan or tokens.
          </Text>
        </div>
        <Card size="2">
          <Flex direction="column" gap="4">
            <InviteLinkField link={overview.link} />
            <InviteByEmailForm lastResult={actionData?.result} busy={navigation.state === "submitting"} />
          </Flex>
        </Card>
        <section aria-labelledby="referral-summary">
          <Heading as="h2" size="4" id="referral-summary" mb="2">
            Your referrals
          </Heading>
          <ReferralStats overview={overview} />
        </section>
        <ReferralLists overview={overview} />
      </Flex>
    </Container>
  );
}

function InviteByEmailForm({ lastResult, busy }: { lastResult: SubmissionResult<string[]> | undefined; busy: boolean }) {
  const [form, fields] = useForm({
    id: "invite-friends",
    lastResult,
    constraint: getZodConstraint(inviteFormSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: inviteFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} aria-labelledby="invite-by-email">
      <Flex direction="column" gap="3">
        <Heading as="h2" size="4" id="invite-by-email">
          Invite by email
        </Heading>
        <CsrfInput />
        <FormErrors errors={form.errors} />
        <TextAreaField
          label="Friends' email addresses"
          rows={3}
          placeholder="maya@example.com, sam@example.com"
          hint={`Separate addresses with commas or new lines, up to ${MAX_INVITES_PER_SEND} at a time.`}
          errors={fields.emails.errors}
          {...getTextareaProps(fields.emails)}
        />
        <Flex>
          <Button type="submit" loading={busy}>
            Send invitations
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  metaFor(matches, { title: "Invite a Friend", description: "Share your invite link and earn credit when friends you invite make their first purchase.", path: "/invites", noindex: true });
