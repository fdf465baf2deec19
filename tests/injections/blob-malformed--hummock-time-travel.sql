-- case: the time-travel snapshot 8800 and its delta 8801 are not protobuf: read only by time-travel queries and rwdoctor's state grades, a warning each
-- generations: all
-- expect: blob-malformed severity=warning
-- expect: blob-malformed severity=warning
-- expect-worst: warning
UPDATE hummock_time_travel_version SET version = decode('0a05', 'hex') WHERE version_id = 8800;
UPDATE hummock_time_travel_delta SET version_delta = decode('ffffffff', 'hex') WHERE version_id = 8801;
