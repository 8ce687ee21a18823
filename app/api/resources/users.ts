import type { ResourceDefinition } from "~/api/document";
import type { User } from "~/db/schema";

// contract_accepted_at is optional so lists that select fewer columns (the admin directory)
// still serialize; the attribute is then left out rather than shown as "never accepted". Who
// referred whom stays private (GET /users/invite_data shows a member their own code).
type PublicUser = Omit<User, "password_hash" | "contract_accepted_at" | "referral_code" | "referred_by_id"> & Partial<Pick<User, "contract_accepted_at">>;

/** A user as the API shows them (SPEC §3 User). Never the password hash. */
export const userResource: ResourceDefinition<PublicUser> = {
  type: "user",
  attributes: (user) => ({
    name: `${user.first_name} ${user.last_name}`.trim(),
    first_name: user.first_name,
    last_name: user.last_name,
    display_name: user.display_name,
    email: user.email,
    roles: user.roles,
    user_type: user.user_type,
    year: user.year,
    faculty: user.faculty,
    degree: user.degree,
    country_code: user.country_code,
    token_balance: user.token_balance,
    paying_user: user.paying_user,
    pending_announcements: user.pending_announcements,
    avatar: user.avatar ?? { is_silhouette: true, is_processing: false, original: null, normal: null, thumb: null },
    bio: user.bio,
    confirmed: user.confirmed_at !== null,
    ...(user.contract_accepted_at !== undefined ? { contract_accepted_at: user.contract_accepted_at } : {}),
    created_at: user.created_at,
  }),
  relationships: (user) => ({ school: { type: "school", id: user.school_id } }),
};
