import { beforeEach, describe, expect, it, vi } from "vitest";
import { AppError } from "@/lib/errors";

const requestUpload = vi.fn();
vi.mock("@/lib/routing", () => ({ requestUpload }));
const { POST } = await import("./route");

const ID = "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";
const call = (body: unknown, id = ID) =>
  POST(
    new Request(`http://app/api/categories/${id}/uploads`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    }),
    { params: Promise.resolve({ id }) },
  );

beforeEach(() => {
  requestUpload.mockReset();
});

describe("POST /api/categories/:id/uploads", () => {
  it("returns the grant for the content type", async () => {
    const grant = {
      expiresIn: 900,
      objectKey: "uploads/a.png",
      s3Uri: "s3://b/uploads/a.png",
      uploadUrl: "http://storage/put?sig=1",
    };
    requestUpload.mockResolvedValue(grant);
    const response = await call({ contentType: "image/png" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(grant);
    expect(requestUpload).toHaveBeenCalledWith(
      ID,
      { contentType: "image/png", size: undefined },
      expect.anything(),
    );
  });

  it("takes the file's name and size (the size goes to the service too), and refuses odd ones", async () => {
    requestUpload.mockResolvedValue({
      expiresIn: 900,
      objectKey: "uploads/a.png",
      s3Uri: "s3://b/uploads/a.png",
      uploadUrl: "http://storage/put?sig=1",
    });
    const ok = await call({ contentType: "image/png", fileName: "lease.png", size: 4096 });
    expect(ok.status).toBe(200);
    expect(requestUpload).toHaveBeenCalledWith(
      ID,
      { contentType: "image/png", size: 4096 },
      expect.anything(),
    );
    for (const odd of [
      { fileName: "x".repeat(256) },
      { fileName: "" },
      { fileName: 42 },
      { size: -1 },
      { size: 1.5 },
    ]) {
      const response = await call({ contentType: "image/png", ...odd });
      expect(response.status).toBe(400);
    }
    expect(requestUpload).toHaveBeenCalledTimes(1);
  });

  it("needs a content type", async () => {
    const response = await call({});
    expect(response.status).toBe(400);
    expect(requestUpload).not.toHaveBeenCalled();
  });

  it("says a coming-soon category takes no documents", async () => {
    requestUpload.mockRejectedValue(new AppError("category_inactive"));
    const response = await call({ contentType: "image/png" });
    expect(response.status).toBe(409);
    expect((await response.json()).code).toBe("category_inactive");
  });
});
