// Stored images and who uploaded them.
import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

export const upload = pgTable(
  "upload",
  {
    key: text("key").primaryKey(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("upload_user_idx").on(t.userId)],
);
