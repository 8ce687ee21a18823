import { ApiError } from "~/api/errors";
import { mayReadChannel, parseChannelList, readableChannels, userChannel } from "~/realtime/channels";
import { channelMemberships } from "~/realtime/memberships.server";

/**
 * The channels a request asks for (`channels=user:1,chat:2`), each checked against what the user
 * may read. No list means the user's own notifications channel. A malformed list is 400; any
 * channel the user may not read refuses the whole request (403), so a stream or token never
 * silently covers less or more than was asked.
 */
export async function requestedChannels(userId: number, url: URL): Promise<{ channels: string[]; readable: string[] }> {
  const asked = parseChannelList(url.searchParams.get("channels"));
  if (asked === null) throw new ApiError(400, "invalid_parameter", "channels must be a comma-separated list such as user:1,chat:2.", { source: { parameter: "channels" } });
  const memberships = await channelMemberships(userId);
  const channels = asked.length ? asked : [userChannel(userId)];
  const refused = channels.filter((channel) => !mayReadChannel(memberships, channel));
  if (refused.length) throw new ApiError(403, "forbidden", `You may not listen to ${refused.join(", ")}.`);
  return { channels, readable: readableChannels(memberships) };
}
