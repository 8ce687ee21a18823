// The second tracking endpoint of SPEC §7 takes the same body and stores the same way.
export { action, loader } from "./tracking_events";
