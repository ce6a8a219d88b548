import { beforeEach, describe, expect, it, vi } from "vitest";
import { AppError } from "@/lib/errors";

const listCategories = vi.fn();
vi.mock("@/lib/routing", () => ({ listCategories }));
const { GET } = await import("./route");

beforeEach(() => {
  listCategories.mockReset();
});

describe("GET /api/categories", () => {
  it("refuses a bad page or size with one line per field, without calling the service", async () => {
    const response = await GET(new Request("http://app/api/categories?page=0&size=500"));
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.code).toBe("bad_request");
    expect(body.fields.map((f: { field: string }) => f.field)).toEqual(["page", "size"]);
    expect(listCategories).not.toHaveBeenCalled();
  });

  it("passes paging through, with the home page's default size", async () => {
    listCategories.mockResolvedValue({ items: [], page: 1, pages: 0, size: 12, total: 0 });
    const response = await GET(new Request("http://app/api/categories"));
    expect(response.status).toBe(200);
    expect(listCategories).toHaveBeenCalledWith({ page: 1, size: 12 }, expect.anything());
  });

  it("answers the service's failure as the app's error body, with the trace id", async () => {
    listCategories.mockRejectedValue(new AppError("service_unreachable", { traceId: "t-1" }));
    const response = await GET(new Request("http://app/api/categories?page=2&size=4"));
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      code: "service_unreachable",
      message: new AppError("service_unreachable").message,
      traceId: "t-1",
    });
  });
});
