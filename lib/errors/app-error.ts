// The app's one error type. Route handlers send it as `{code, message,
// traceId?, ...}`; the browser's fetcher turns that body back into an
// AppError, so query and mutation errors are typed the same on both sides.
// It runs in the browser too, hence zod/mini.
import * as z from "zod/mini";
import { type AppErrorCode, ERROR_STATUS, isAppErrorCode } from "./codes";
import type { FieldProblem } from "./detail";
import { ERROR_TEXT, retryAfterSentence } from "./messages";

export interface AppErrorOptions {
  /** A sentence for people; defaults to the code's own message. */
  message?: string;
  traceId?: string;
  retryAfterSeconds?: number;
  fields?: FieldProblem[];
  cause?: unknown;
}

export const appErrorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  traceId: z.optional(z.string()),
  retryAfterSeconds: z.optional(z.number()),
  fields: z.optional(z.array(z.object({ field: z.string(), message: z.string() }))),
});
export type AppErrorBody = z.infer<typeof appErrorBodySchema>;

export class AppError extends Error {
  override readonly name = "AppError";
  readonly code: AppErrorCode;
  readonly traceId: string | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly fields: FieldProblem[];

  constructor(code: AppErrorCode, options: AppErrorOptions = {}) {
    super(options.message ?? defaultMessage(code, options.retryAfterSeconds), {
      cause: options.cause,
    });
    this.code = code;
    this.traceId = options.traceId;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.fields = options.fields ?? [];
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  get title(): string {
    return ERROR_TEXT[this.code].title;
  }

  toBody(): AppErrorBody {
    return {
      code: this.code,
      message: this.message,
      ...(this.traceId ? { traceId: this.traceId } : {}),
      ...(this.retryAfterSeconds !== undefined
        ? { retryAfterSeconds: this.retryAfterSeconds }
        : {}),
      ...(this.fields.length > 0 ? { fields: this.fields } : {}),
    };
  }

  /** Reads an error answer of the app's own API (any body, any status). */
  static fromResponse(status: number, body: unknown): AppError {
    const parsed = appErrorBodySchema.safeParse(body);
    if (parsed.success && isAppErrorCode(parsed.data.code)) {
      const { code, message, traceId, retryAfterSeconds, fields } = parsed.data;
      return new AppError(code, { message, traceId, retryAfterSeconds, fields });
    }
    return new AppError(codeForStatus(status));
  }
}

/** Anything thrown, as an AppError; unknown failures become `internal`. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  return new AppError("internal", { cause: error });
}

function defaultMessage(code: AppErrorCode, retryAfterSeconds: number | undefined): string {
  const { message } = ERROR_TEXT[code];
  if (code !== "rate_limited" && code !== "service_busy") return message;
  return `${message} ${retryAfterSentence(retryAfterSeconds) ?? "Please try again in a moment."}`;
}

function codeForStatus(status: number): AppErrorCode {
  if (status === 400) return "bad_request";
  if (status === 404) return "not_found";
  if (status === 409) return "category_inactive";
  if (status === 413) return "file_too_large";
  if (status === 415) return "file_type";
  if (status === 422) return "validation_failed";
  if (status === 429) return "rate_limited";
  if (status === 503) return "service_busy";
  if (status === 504) return "timeout";
  if (status >= 500) return "upstream_error";
  return "internal";
}
