// Who may see what: the buyer's anonymous session and support staff sign-in.
import "server-only";

export { checkCredentials } from "./accounts";
export { ensureBuyerSession, getBuyerSessionId } from "./buyer-session";
export { authConfig } from "./config";
export { signInThrottle } from "./sign-in-throttle";
export {
  endStaffSession,
  getStaffSession,
  requireStaff,
  type StaffSession,
  safeReturnPath,
  startStaffSession,
} from "./staff-session";
