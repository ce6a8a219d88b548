export { AppError, type AppErrorBody, appErrorBodySchema, toAppError } from "./app-error";
export { type AppErrorCode, ERROR_CODES, ERROR_STATUS, isAppErrorCode } from "./codes";
export { type FieldProblem, type ParsedDetail, parseDetail } from "./detail";
export { invalidRequest, parseRequest, readJsonBody } from "./invalid-request";
export { ERROR_TEXT, retryAfterSentence } from "./messages";
export { errorResponse } from "./response";
