#include "core/version.hpp"

namespace rwdoctor {

std::string_view
tool_version()
{
  return RWDOCTOR_VERSION;
}

} // namespace rwdoctor
