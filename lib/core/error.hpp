// The one exception hierarchy of rwdoctor. Every error a user can see derives from Error,
// carries the exit code it maps to and an optional one-sentence hint, and is caught once, at
// the top of the command line front end. A found inconsistency is never an exception: it is
// a Finding.
#pragma once

#include "core/exit_code.hpp"

#include <stdexcept>
#include <string>

namespace rwdoctor {

class Error : public std::runtime_error
{
public:
  // `message`: lower case, no trailing period, names the object it is about.
  // `hint`: a full sentence telling the user what to do; may be empty.
  Error(ExitCode code, std::string message, std::string hint = {});

  ExitCode
  exit_code() const noexcept
  {
    return m_code;
  }
  const std::string&
  hint() const noexcept
  {
    return m_hint;
  }

private:
  ExitCode m_code;
  std::string m_hint;
};

// Bad flags or arguments (exit 16).
class UsageError : public Error
{
public:
  explicit UsageError(std::string message, std::string hint = {});
};

// Cannot connect, not a meta store, a query failed (exit 8).
class OperationalError : public Error
{
public:
  explicit OperationalError(std::string message, std::string hint = {});
};

// A safety gate or the user said no (exit 32).
class RefusedError : public Error
{
public:
  explicit RefusedError(std::string message, std::string hint = {});
};

// The connection was lost while COMMIT was on its way: the repair may or may not have
// committed (exit 8). Its undo file is kept: it may be needed.
class CommitInDoubtError : public OperationalError
{
public:
  using OperationalError::OperationalError;
};

// A repair that rolled back after a statement outside the transaction's reach had run (setval
// moves a sequence for good): its message names what stayed. Reported as it is, also after
// Ctrl-C, where "nothing was changed" would be false. Keeps the exit code of its cause.
class PartlyRolledBackError : public Error
{
public:
  using Error::Error;
};

} // namespace rwdoctor
