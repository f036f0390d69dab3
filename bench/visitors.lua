-- wrk script: every request is a different phone (a distinct user agent and, through the trusted
-- proxy's X-Forwarded-For, its own address: one address per visitor, so the bench measures people,
-- not one machine's burst; decisions 330 and 331), so each load is a counted scan rather than a repeat or a
-- burst. Paths come from WRK_PATHS (comma list).
local threads = {}
local counter = 0
local thread_id = 0
local paths = {}

function setup(thread)
  thread:set("tid", #threads + 1)
  table.insert(threads, thread)
end

function init(args)
  thread_id = tid or 0
  for p in string.gmatch(os.getenv("WRK_PATHS") or "/", "([^,]+)") do table.insert(paths, p) end
end

function request()
  counter = counter + 1
  local path = paths[(counter % #paths) + 1]
  local ua = os.getenv("WRK_UA") or "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1"
  local headers = { ["User-Agent"] = ua, ["Accept-Encoding"] = "gzip" }
  if os.getenv("WRK_SAME_VISITOR") ~= "1" then
    headers["User-Agent"] = ua .. " v" .. (os.getenv("WRK_RUN") or "") .. "-" .. thread_id .. "-" .. counter
    local run = string.sub(os.getenv("WRK_RUN") or "0000", 1, 4)
    -- Each visitor its own /64: budgets key an IPv6 client by its /64 (decision 331).
    headers["X-Forwarded-For"] = string.format("2001:%s:%x:%x::1", run, (thread_id * 256 + math.floor(counter / 65536)) % 65536, counter % 65536)
  end
  return wrk.format("GET", path, headers)
end

local codes = {}
function response(status, headers, body)
  codes[status] = (codes[status] or 0) + 1
end

function done(summary, latency, requests)
  io.write(string.format("LATENCY p50=%.2f p99=%.2f\n", latency:percentile(50) / 1000, latency:percentile(99) / 1000))
  io.write(string.format("SUMMARY requests=%d non2xx=%d errors=%d\n", summary.requests, summary.errors.status, summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
end
