#include "store/generation.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace rwdoctor::store;

namespace {

std::vector<std::string>
first(std::size_t count)
{
  const auto& known = known_migrations();
  return std::vector<std::string>(known.begin(), known.begin() + static_cast<std::ptrdiff_t>(count));
}

std::vector<std::string>
without(std::vector<std::string> names, std::initializer_list<std::string_view> removed)
{
  names.erase(std::remove_if(names.begin(), names.end(),
                             [&](const std::string& name) {
                               return std::find(removed.begin(), removed.end(), name) != removed.end();
                             }),
              names.end());
  return names;
}

} // namespace

TEST_CASE("known migrations are HEAD's 74 in apply order", "[generation]")
{
  const auto& known = known_migrations();
  REQUIRE(known.size() == 74);
  CHECK(known.front() == "m20230908_072257_init");
  CHECK(known.back() == "m20260805_000000_object_belong_to_oid");
  // apply order is not name order: lib.rs applies add_is_iceberg_compactor (20251126) before
  // pending_sink_state (20251124)
  const auto iceberg = std::find(known.begin(), known.end(), "m20251126_093529_add_is_iceberg_compactor");
  const auto pending = std::find(known.begin(), known.end(), "m20251124_195858_pending_sink_state");
  CHECK(iceberg < pending);
}

TEST_CASE("generations are detected by set membership", "[generation]")
{
  SECTION("v2.4.4 (37 migrations)")
  {
    auto applied = first(35);
    applied.emplace_back("m20250522_074525_iceberg_tables");
    applied.emplace_back("m20250522_074947_iceberg_namespace_properties");
    const auto generation = detect_generation(applied);
    CHECK(generation.label == "v2.4.1–v2.4.4");
    CHECK(generation.migration_count == 37);
    CHECK(generation.unknown_migrations.empty());
    CHECK(generation.has(migration::fragment_relation));
    CHECK_FALSE(generation.has(migration::remove_dispatcher));
  }
  SECTION("v2.4.0 (35 migrations)")
  {
    CHECK(detect_generation(first(35)).label == "v2.4.0");
  }
  SECTION("v2.8")
  {
    const auto applied = without(first(74), {"m20251223_064450_table_change_log",
                                             "m20260311_000000_legacy_streaming_parallelism_session_params",
                                             "m20260312_000000_streaming_job_backfill_parallelism_strategy",
                                             "m20260518_000000_disable_unused_read_prefix_hints",
                                             "m20260519_000000_streaming_job_batch_refresh_seconds",
                                             "m20260624_000000_pending_sink_state_object_fk",
                                             "m20260705_000000_subscription_dependent_object_fk",
                                             "m20260804_000000_worker_property_resource",
                                             "m20260805_000000_object_belong_to_oid"});
    REQUIRE(applied.size() == 65);
    CHECK(detect_generation(applied).label == "v2.8");
  }
  SECTION("v3.0.1 to v3.0.3")
  {
    const auto applied = without(first(74), {"m20260519_000000_streaming_job_batch_refresh_seconds",
                                             "m20260705_000000_subscription_dependent_object_fk",
                                             "m20260804_000000_worker_property_resource",
                                             "m20260805_000000_object_belong_to_oid"});
    REQUIRE(applied.size() == 70);
    CHECK(detect_generation(applied).label == "v3.0.1–v3.0.3");
  }
  SECTION("head")
  {
    const auto generation = detect_generation(first(74));
    CHECK(generation.label == "head");
    CHECK(generation.has(migration::object_belong_to_oid));
  }
  SECTION("a newer store reports its unknown migrations and stays head")
  {
    auto applied = first(74);
    applied.emplace_back("m20270101_000000_from_the_future");
    const auto generation = detect_generation(applied);
    CHECK(generation.label == "head");
    CHECK(generation.unknown_migrations == std::vector<std::string>{"m20270101_000000_from_the_future"});
  }
  SECTION("an empty or foreign migration table is unknown")
  {
    CHECK(detect_generation({}).label == "unknown");
    CHECK(detect_generation({"m20200101_000000_other_app"}).label == "unknown");
  }
}

TEST_CASE("first_release_of names the release that added a migration", "[generation]")
{
  CHECK(first_release_of(migration::fragment_splits) == "v2.7");
  CHECK(first_release_of(migration::object_belong_to_oid) == "head");
  CHECK(first_release_of("nonsense") == "unknown");
}

TEST_CASE("expected tables follow the generation", "[generation]")
{
  const auto v24 = expected_tables(detect_generation(first(35)));
  CHECK(std::count(v24.begin(), v24.end(), "actor_dispatcher") == 1);
  CHECK(std::count(v24.begin(), v24.end(), "fragment_splits") == 0);
  const auto head = expected_tables(detect_generation(first(74)));
  CHECK(std::count(head.begin(), head.end(), "actor_dispatcher") == 0);
  CHECK(std::count(head.begin(), head.end(), "fragment_splits") == 1);
  CHECK(std::count(head.begin(), head.end(), "pending_sink_state") == 1);
}
