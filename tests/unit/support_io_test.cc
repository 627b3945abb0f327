// WriteFileAtomic (support/io.h): a reader sees the old file or the new one whole, never a
// mix: concurrent writers of one path each use their own temporary (the last rename wins),
// nothing is left beside the output, and a failure names the file.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "tirgen/support/error.h"
#include "tirgen/support/io.h"

namespace tirgen {
namespace {

namespace fs = std::filesystem;

std::string Dir(const std::string& name) {
  std::string d = ::testing::TempDir() + "tirgen_io_" + std::to_string(::getpid()) + "_" + name;
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

TEST(WriteFileAtomic, ConcurrentWritersNeverMix) {
  std::string dir = Dir("concurrent");
  std::string path = dir + "/out.bin";
  // Different sizes, so a mix shows as a wrong length or a wrong byte.
  const std::string a(3 << 20, 'a'), b(1 << 16, 'b');
  std::vector<std::thread> writers;
  for (const std::string* content : {&a, &b})
    writers.emplace_back([&, content] {
      for (int i = 0; i < 20; ++i) WriteFileAtomic(path, *content);
    });
  for (auto& w : writers) w.join();
  std::string got = ReadFile(path);
  EXPECT_TRUE(got == a || got == b) << "the file holds " << got.size() << " bytes, not one writer's whole output";
  size_t entries = 0;
  for (const auto& e : fs::directory_iterator(dir)) {
    ++entries;
    EXPECT_EQ(e.path().filename(), "out.bin") << "left behind: " << e.path();
  }
  EXPECT_EQ(entries, 1u);
  fs::remove_all(dir);
}

TEST(WriteFileAtomic, KeepsTheUsualPermissionsAndNamesTheFileOnFailure) {
  std::string dir = Dir("perms");
  std::string path = dir + "/out.txt";
  WriteFileAtomic(path, "x");
  mode_t mask = ::umask(0);
  ::umask(mask);
  EXPECT_EQ(static_cast<unsigned>(fs::status(path).permissions() & fs::perms::all), 0666u & ~mask);
  try {
    WriteFileAtomic(dir + "/missing/out.txt", "x");
    FAIL() << "writing into a missing directory succeeded";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find(dir + "/missing/out.txt"), std::string::npos) << e.what();
  }
  fs::remove_all(dir);
}

// `-o /dev/null` once renamed a temporary over the device (as root, /dev/null became a file):
// a device or FIFO is written in place, a symbolic link keeps pointing at the new file, and a
// directory is refused. (A FIFO of our own: the machine's /dev/null may already be a file.)
TEST(WriteFileAtomic, WritesDevicesInPlaceAndKeepsLinks) {
  std::string fifo_dir = Dir("fifo");
  std::string fifo = fifo_dir + "/pipe";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  std::string got;
  std::thread reader([&] { got = ReadFile(fifo); });
  WriteFileAtomic(fifo, "through the pipe");
  reader.join();
  EXPECT_EQ(got, "through the pipe");
  EXPECT_TRUE(fs::is_fifo(fifo));
  EXPECT_EQ(std::distance(fs::directory_iterator(fifo_dir), fs::directory_iterator()), 1) << "no temporary left";
  fs::remove_all(fifo_dir);
  if (fs::is_character_file("/dev/full")) {
    EXPECT_THROW(WriteFileAtomic("/dev/full", std::string(1 << 16, 'x')), Error);
    EXPECT_TRUE(fs::is_character_file("/dev/full"));
  }
  std::string dir = Dir("links");
  WriteFileAtomic(dir + "/target.txt", "old");
  fs::create_symlink("target.txt", dir + "/link.txt");
  WriteFileAtomic(dir + "/link.txt", "new");
  EXPECT_TRUE(fs::is_symlink(dir + "/link.txt"));
  EXPECT_EQ(ReadFile(dir + "/target.txt"), "new");
  EXPECT_THROW(WriteFileAtomic(dir, "x"), Error);
  EXPECT_TRUE(fs::is_directory(dir));
  fs::remove_all(dir);
}

}  // namespace
}  // namespace tirgen
