import type { TestProject } from "vitest/node";
import { provideTestDatabase } from "./global-setup";

export default (project: TestProject) => provideTestDatabase(project, "postgres");
