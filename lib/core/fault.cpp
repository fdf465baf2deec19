#include "core/fault.hpp"

#include "core/interrupt.hpp"

namespace rwdoctor {

namespace {

FaultHook g_fault_hook = nullptr;

} // namespace

void
set_fault_hook(FaultHook hook)
{
  g_fault_hook = hook;
}

void
fault_point(std::string_view name)
{
  throw_if_interrupted();
  if (g_fault_hook != nullptr) {
    g_fault_hook(name);
  }
  throw_if_interrupted();
}

} // namespace rwdoctor
