// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { JobCard } from "./job-card";

afterEach(cleanup);

const job = {
  id: "0b5c3f52-4a58-4d39-9a3e-4c1b0c1e2f3a",
  status: "running" as const,
  pagesDone: 2,
  pagesTotal: 12,
};

describe("JobCard", () => {
  it("shows support the job's state, its pages and its id, and the text of each page read", () => {
    render(
      <JobCard
        job={job}
        pages={[
          { number: 1, text: "Dear Ms. Alvarez," },
          { number: 2, text: "" },
        ]}
        unreachable={false}
      />,
    );
    expect(screen.getByTestId("job-job-status").textContent).toBe("Running");
    expect(screen.getByTestId("job-pages").textContent).toBe("2 of 12 read");
    expect(screen.getByTestId("job-job-id").textContent).toBe(job.id);
    expect(screen.getByTestId("job-card-pages").textContent).toContain("Dear Ms. Alvarez,");
    expect(screen.getByTestId("job-card-pages").textContent).toContain("(no text on this page)");
    expect(screen.queryByText(/could not be asked/)).toBeNull();
  });

  it("says when the figures are the last recorded ones", () => {
    render(<JobCard job={{ ...job, status: null }} unreachable />);
    expect(screen.getByTestId("job-job-status").textContent).toBe("Unknown");
    expect(screen.getByText(/could not be asked just now/)).toBeTruthy();
  });
});
