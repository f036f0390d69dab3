// The PostgreSQL server under TEST_DATABASE_URL, as the test set-up creates and drops databases on it.
export async function adminQuery(serverUrl: string, text: string) {
  const { default: pg } = await import("pg");
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

export function databaseUrl(serverUrl: string, name: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
