import type { ResourceDefinition } from "~/api/document";
import type { User } from "~/db/schema";

type PublicUser = Omit<User, "password_hash">;

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
    confirmed: user.confirmed_at !== null,
    created_at: user.created_at,
  }),
  relationships: (user) => ({ school: { type: "school", id: user.school_id } }),
};
