// rwdoctor: everything happens in the library; main only hands over the arguments.
#include "cli/cli.hpp"

#include <iostream>

int
main(int argc, char** argv)
{
  return rwdoctor::cli::run(argc, argv, std::cin, std::cout, std::cerr);
}
