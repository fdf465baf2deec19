#include "core/error.hpp"

#include <utility>

namespace rwdoctor {

Error::Error(ExitCode code, std::string message, std::string hint)
  : std::runtime_error(std::move(message)),
    m_code(code),
    m_hint(std::move(hint))
{
}

UsageError::UsageError(std::string message, std::string hint)
  : Error(ExitCode::usage, std::move(message), std::move(hint))
{
}

OperationalError::OperationalError(std::string message, std::string hint)
  : Error(ExitCode::operational, std::move(message), std::move(hint))
{
}

RefusedError::RefusedError(std::string message, std::string hint)
  : Error(ExitCode::refused, std::move(message), std::move(hint))
{
}

} // namespace rwdoctor
