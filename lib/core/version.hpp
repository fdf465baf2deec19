#pragma once

#include <string_view>

namespace rwdoctor {

// The tool version, from the CMake project version.
std::string_view
tool_version();

} // namespace rwdoctor
