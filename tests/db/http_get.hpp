// A plain HTTP/1.0 GET over loopback for the tests of rwdoctor watch and Prometheus: the
// status and the body, or status 0 when nothing answers. Every read is bounded.
#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <string>
#include <thread>

namespace rwdoctor::test {

struct HttpResponse
{
  int status = 0; // 0: no connection or no complete answer
  std::string body;
};

inline HttpResponse
http_get(int port, const std::string& path, std::chrono::milliseconds timeout = std::chrono::milliseconds(10000))
{
  HttpResponse response;
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) {
    return response;
  }
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<unsigned short>(port));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) {
    ::close(fd);
    return response;
  }
  const std::string request = "GET " + path + " HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n";
  if (::send(fd, request.data(), request.size(), MSG_NOSIGNAL) != static_cast<ssize_t>(request.size())) {
    ::close(fd);
    return response;
  }
  std::string raw;
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    const auto left =
      std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
    if (left <= 0) {
      ::close(fd);
      return response;
    }
    pollfd readable{fd, POLLIN, 0};
    if (::poll(&readable, 1, static_cast<int>(left)) <= 0) {
      continue;
    }
    char buffer[65536];
    const auto got = ::read(fd, buffer, sizeof buffer);
    if (got < 0) {
      ::close(fd);
      return response;
    }
    if (got == 0) {
      break;
    }
    raw.append(buffer, static_cast<std::size_t>(got));
  }
  ::close(fd);
  const auto space = raw.find(' ');
  const auto header_end = raw.find("\r\n\r\n");
  if (space == std::string::npos || header_end == std::string::npos) {
    return response;
  }
  response.status = std::atoi(raw.c_str() + space + 1);
  response.body = raw.substr(header_end + 4);
  return response;
}

// Asks `path` until `accept(response)` holds or `bound` passes (the test then fails on the
// last response): for states that a later scrape or run brings, never a fixed sleep.
template <typename Accept>
HttpResponse
http_wait_for(int port, const std::string& path, Accept accept,
              std::chrono::milliseconds bound = std::chrono::milliseconds(120000))
{
  const auto deadline = std::chrono::steady_clock::now() + bound;
  for (;;) {
    auto response = http_get(port, path);
    if (accept(response) || std::chrono::steady_clock::now() > deadline) {
      return response;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100)); // the poll period, not a wait for a state
  }
}

} // namespace rwdoctor::test
